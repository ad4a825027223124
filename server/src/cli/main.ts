#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unsupportedNodeMessage } from '../runtime/node-version.js';

// Run when executed (also through npm's bin symlink), not when imported by tests. The rest is imported only once the
// Node is known to be new enough: a static import of it would fail to link on an old Node before this line runs.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problem = unsupportedNodeMessage();
  if (problem !== null) {
    process.stderr.write(`ussynth-server: ${problem}\n`);
    process.exitCode = 1;
  } else {
    const [{ runMain }, { SERVER_PROGRAM }] = await Promise.all([import('ussynth/cli'), import('./program.js')]);
    runMain(SERVER_PROGRAM);
  }
}
