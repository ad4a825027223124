import type { Readable, Writable } from 'node:stream';

/** Where a command reads and writes; tests and the real binary pass the process's streams. */
export interface CommandIo {
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  stdin?: Readable;
  env: NodeJS.ProcessEnv;
}

/** A command-line error: printed as `ussynth: <message>` with a non-zero exit status. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/**
 * One `ussynth <name>` command. `run` gets the arguments after the command
 * name and returns the exit status; it throws CliError for bad input.
 * @example export const zipCommand: Command = { name: 'zip', summary: 'Look up a ZIP', help: '...', run: async (args, io) => 0 }
 */
export interface Command {
  /** The word after `ussynth`. */
  name: string;
  /** One line for `ussynth --help`. */
  summary: string;
  /** Full `--help` text, with examples. */
  help: string;
  run(args: string[], io: CommandIo): Promise<number>;
}
