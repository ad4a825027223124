import type { CliProgram } from 'ussynth/cli';
import { SERVICE_COMMANDS } from './commands.js';

/** The `ussynth-server` binary: the REST API and its operator commands. */
export const SERVER_PROGRAM: CliProgram = {
  name: 'ussynth-server',
  summary: 'The ussynth REST API (/v1), the demo and their operator commands.',
  commands: SERVICE_COMMANDS,
};
