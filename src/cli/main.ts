#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runMain, USSYNTH_PROGRAM } from './run-cli.js';

export { runCli, versionText } from './run-cli.js';

// Run when executed (also through npm's bin symlink), not when imported by tests.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) runMain(USSYNTH_PROGRAM);
