/**
 * The command line as a library (`ussynth/cli`): run it in-process, or build
 * another binary from the same runner, as the ussynth-server package does
 * for its operator commands.
 * @example
 * import { runCli } from 'ussynth/cli';
 * process.exitCode = await runCli(['zip', '10001'], { stdout: process.stdout, stderr: process.stderr, env: process.env });
 */
export { CliError } from './cli/command.js';
export { countText } from './count-text.js';
export type { Command, CommandIo } from './cli/command.js';
export { runCli, runMain, versionText, USSYNTH_PROGRAM } from './cli/run-cli.js';
export { parseOptions } from './cli/jobs/parse-options.js';
export type { ParsedValues } from './cli/jobs/parse-options.js';
export type { CliProgram } from './cli/run-cli.js';
