import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GENERATOR_VERSION } from '../version.js';
import { CliError, type Command, type CommandIo } from './command.js';
import { COMMANDS } from './commands/index.js';

const packageJson = JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as {
  version: string;
};

function datasetVersion(): string {
  try {
    const manifest = JSON.parse(
      readFileSync(fileURLToPath(new URL('../../dist-data/manifest.json', import.meta.url)), 'utf8'),
    ) as { datasetVersion: string };
    return manifest.datasetVersion;
  } catch {
    return 'unknown (dist-data/manifest.json missing)';
  }
}

/**
 * `ussynth --version`: package, generator and dataset versions.
 * @example versionText() // "ussynth 0.2.0 (generator 3.0.0, dataset 2026.11.3)\n"
 */
export function versionText(): string {
  return `ussynth ${packageJson.version} (generator ${GENERATOR_VERSION}, dataset ${datasetVersion()})\n`;
}

/** A command-line program: its name in messages and the commands it runs. */
export interface CliProgram {
  /** The binary's name (`ussynth`, `ussynth-server`). */
  name: string;
  /** One line under the usage line of `--help`. */
  summary: string;
  /** Its commands, in the order `--help` lists them. */
  commands: readonly Command[];
}

/** The `ussynth` binary: the data commands, and the service commands that run from the ussynth-server package. */
export const USSYNTH_PROGRAM: CliProgram = {
  name: 'ussynth',
  summary: 'Synthetic US test data: addresses, EINs, phones, ZIP lookups; never real.',
  commands: COMMANDS,
};

function usage(program: CliProgram): string {
  const width = Math.max(...program.commands.map((c) => c.name.length), 4);
  return [
    `Usage: ${program.name} <command> [options]`,
    '',
    program.summary,
    '',
    'Commands:',
    ...program.commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    `Run \`${program.name} <command> --help\` for a command's options and examples.`,
    `\`${program.name} --version\` prints the package, generator and dataset versions.`,
    '',
  ].join('\n');
}

/**
 * Runs a command line (arguments without `node` and the script) and returns
 * the exit status; `program` defaults to the `ussynth` binary's commands.
 * @example await runCli(['zip', '10001'], { stdout: process.stdout, stderr: process.stderr, env: process.env })
 */
export async function runCli(argv: string[], io: CommandIo, program: CliProgram = USSYNTH_PROGRAM): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(usage(program));
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(versionText());
    return 0;
  }
  const command = program.commands.find((c) => c.name === name);
  try {
    if (!command) throw new CliError(`unknown command "${name}"; run \`${program.name} --help\` for the list`);
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout.write(command.help.endsWith('\n') ? command.help : command.help + '\n');
      return 0;
    }
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr.write(`${program.name}: ${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  }
}

/**
 * Runs `program` on the process's arguments and streams and sets the exit
 * status; an unexpected error exits 70 with its message.
 * @example if (isMain(import.meta.url)) runMain(USSYNTH_PROGRAM);
 */
export function runMain(program: CliProgram): void {
  runCli(
    process.argv.slice(2),
    { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env },
    program,
  ).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `${program.name}: internal error: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exitCode = 70;
    },
  );
}
