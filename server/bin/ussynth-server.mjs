#!/usr/bin/env node
// The `ussynth-server` command npm links at install time (this file is committed, so `npm ci` in a clone links it
// even before anything is built). Plain JavaScript with Node built-ins only: it must run on any Node.
// - dist/ not built yet (a fresh clone): says to run `npm run build` (or `npm start`) and exits 1.
// - this Node older than the server's (22.14) in a clone of the repository: runs the command on the Node 22 that
//   scripts/with-server-node.mjs fetches from the npm registry (as `npm start` does), passing the exit status on.
// - otherwise: runs dist/cli/main.js in this process (an installed package on an old Node gets its refusal sentence).
import { existsSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const main = join(here, '..', 'dist', 'cli', 'main.js');
const root = join(here, '..', '..');
const withServerNode = join(root, 'scripts', 'with-server-node.mjs');

function inClone() {
  try {
    return (
      existsSync(withServerNode) && JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).name === 'ussynth'
    );
  } catch {
    return false;
  }
}

function supported(version) {
  const [major, minor] = version.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 14);
}

if (!existsSync(main)) {
  process.stderr.write(
    `ussynth-server: not built yet (${main} is missing): run \`npm run build\` in ${inClone() ? root : join(here, '..')} first (\`npm start\` builds too)\n`,
  );
  process.exit(1);
}
if (!supported(process.versions.node) && inClone()) {
  const child = spawn(process.execPath, [withServerNode, 'node', main, ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
} else {
  // dist/cli/main.js runs when it is the script Node was started with.
  process.argv[1] = main;
  await import(pathToFileURL(main).href);
}
