#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runMain, type CliProgram } from 'ussynth/cli';
import { SERVICE_COMMANDS } from './commands.js';

/** The `ussynth-server` binary: the REST API and its operator commands. */
export const SERVER_PROGRAM: CliProgram = {
  name: 'ussynth-server',
  summary: 'The ussynth REST API (/v1), the demo and their operator commands.',
  commands: SERVICE_COMMANDS,
};

// Run when executed (also through npm's bin symlink), not when imported by tests.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) runMain(SERVER_PROGRAM);
