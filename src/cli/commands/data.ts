import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError, type Command, type CommandIo } from '../command.js';
import { parseOptions } from '../jobs/parse-options.js';

// The package root: dist/cli/commands/ (or src/cli/commands/) is three levels down.
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * What `ussynth data` runs: the TypeScript pipeline of a source checkout.
 * @example existsSync(PIPELINE_MAIN) // true in a source checkout
 */
export const PIPELINE_MAIN = join(PACKAGE_ROOT, 'pipeline', 'main.ts');

const ACTIONS = ['build', 'check'];

/**
 * `ussynth data build|check`: rebuilds dist-data/ from datasets/, or checks
 * that the committed dist-data/ is what a rebuild gives. Needs a source
 * checkout (the pipeline is TypeScript run with tsx, not shipped in dist/).
 * @example await dataCommand.run(['check'], io) // 0 when dist-data/ is up to date
 */
export const dataCommand: Command = {
  name: 'data',
  summary: 'Rebuild (build) or verify (check) dist-data/ from datasets/; source checkout only',
  help: `Usage: ussynth data build|check

  build   Compiles datasets/ into dist-data/ (the binary index, the SQLite file
          and manifest.json); no network.
  check   Rebuilds into a temporary folder and exits 1 when dist-data/ differs.

Runs the pipeline of a source checkout (pipeline/ and datasets/ beside the
package, tsx installed); an installed package has neither and says so.
The exit status is the pipeline's.

Examples:
  ussynth data check
  ussynth data build && git diff --stat dist-data/
`,
  async run(args: string[], io: CommandIo): Promise<number> {
    const { positionals } = parseOptions('data', args, {}, true);
    if (positionals.length !== 1 || !ACTIONS.includes(positionals[0])) {
      throw new CliError(
        `give one action, build or check, such as \`ussynth data check\`; got ${JSON.stringify(positionals.join(' '))}`,
      );
    }
    if (!existsSync(PIPELINE_MAIN) || !existsSync(join(PACKAGE_ROOT, 'datasets'))) {
      throw new CliError(
        `the data commands need a source checkout: ${PIPELINE_MAIN} and ${join(PACKAGE_ROOT, 'datasets')} are not here (an installed package ships only dist-data/)`,
      );
    }
    const child = spawn(process.execPath, ['--import', 'tsx', PIPELINE_MAIN, positionals[0]], {
      cwd: PACKAGE_ROOT,
      env: io.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(io.stdout, { end: false });
    child.stderr.pipe(io.stderr, { end: false });
    return await new Promise<number>((resolve, reject) => {
      child.on('error', (error) => reject(new CliError(`cannot run the pipeline: ${error.message}`)));
      child.on('close', (code, signal) => resolve(code ?? 128 + (signal ? constants.signals[signal] : 0)));
    });
  },
};
