#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hidePasswordsFromCommandLine } from './hidden-passwords.js';
import { runMain, USSYNTH_PROGRAM } from './run-cli.js';

export { runCli, versionText } from './run-cli.js';

// Run when executed (also through npm's bin symlink), not when imported by tests.
// A database password in `--to` leaves the command line others see first (bin/ussynth.mjs does it earlier still).
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  hidePasswordsFromCommandLine(process.argv);
  runMain(USSYNTH_PROGRAM);
}
