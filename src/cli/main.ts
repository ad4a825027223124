#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { readFileSync, realpathSync } from 'node:fs';
import { GENERATOR_VERSION } from '../version.js';
import { CliError, type CommandIo } from './command.js';
import { COMMANDS } from './commands/index.js';

const packageJson = JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as { version: string };

function datasetVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../../dist-data/manifest.json', import.meta.url)), 'utf8')) as { datasetVersion: string };
    return manifest.datasetVersion;
  } catch {
    return 'unknown (dist-data/manifest.json missing)';
  }
}

/** `ussynth --version`: package, generator and dataset versions. */
export function versionText(): string {
  return `ussynth ${packageJson.version} (generator ${GENERATOR_VERSION}, dataset ${datasetVersion()})\n`;
}

function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length), 4);
  return [
    'Usage: ussynth <command> [options]',
    '',
    'Synthetic US test data: addresses, EINs, phones, ZIP lookups; never real.',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `ussynth <command> --help` for a command\'s options and examples.',
    '`ussynth --version` prints the package, generator and dataset versions.',
    '',
  ].join('\n');
}

/**
 * Runs the command line with arguments (without `node` and the script) and
 * returns the exit status.
 * @example await runCli(['zip', '10001'], { stdout: process.stdout, stderr: process.stderr, env: process.env })
 */
export async function runCli(argv: string[], io: CommandIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(usage());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(versionText());
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  try {
    if (!command) throw new CliError(`unknown command "${name}"; run \`ussynth --help\` for the list`);
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout.write(command.help.endsWith('\n') ? command.help : command.help + '\n');
      return 0;
    }
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr.write(`ussynth: ${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  }
}

// Run when executed (also through npm's bin symlink), not when imported by tests.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`ussynth: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 70;
    },
  );
}
