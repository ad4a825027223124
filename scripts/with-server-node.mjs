#!/usr/bin/env node
// Runs a command with a Node that the server and the pipeline support (22.14 or later) first on PATH, so that the
// README's `npm start` and `npm test` work on a machine whose Node is older (Node 20: the library's line).
// On Node 22.14 or later it runs the command as it is. Otherwise it takes Node 22 from the npm registry's
// node-<platform>-<arch> package (the binary and its headers, as .ci/run does), unpacked once into
// node_modules/.cache/ussynth-node/, and says so on standard error.
// Plain JavaScript with Node built-ins only: it must run on the old Node before anything is built.
// Usage: node scripts/with-server-node.mjs <command> [args...]   e.g. node scripts/with-server-node.mjs vitest run
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REQUIRED = { major: 22, minor: 14 };
// The line fetched when this machine's Node is too old: an LTS line whose every release since 22.14 qualifies.
const FETCHED_LINE = '22';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'ussynth-node');

function supported(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major > REQUIRED.major || (major === REQUIRED.major && minor >= REQUIRED.minor);
}

// npm settings of an outer `npm run` (workspace, lifecycle) must not reach the nested `npm pack`.
function plainEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')));
}

// The bin folder of Node 22 from the registry, fetched and unpacked on first use.
function registryNodeBin() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const pkg = `node-${platform}-${process.arch}`;
  const dir = join(CACHE, `${pkg}@${FETCHED_LINE}`);
  const bin = join(dir, 'bin');
  if (existsSync(join(bin, 'node'))) return bin;
  mkdirSync(CACHE, { recursive: true });
  const scratch = mkdtempSync(join(CACHE, 'download-'));
  try {
    process.stderr.write(
      `with-server-node: fetching ${pkg}@${FETCHED_LINE} from the npm registry (once, about 30 MB)\n`,
    );
    const packed = JSON.parse(
      execFileSync('npm', ['pack', `${pkg}@${FETCHED_LINE}`, '--json', '--pack-destination', scratch], {
        cwd: scratch,
        env: plainEnv(),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    execFileSync('tar', ['xzf', join(scratch, packed[0].filename), '-C', scratch]);
    // Renamed into place whole, so an interrupted download never looks like an installed Node.
    renameSync(join(scratch, 'package'), dir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return bin;
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: node scripts/with-server-node.mjs <command> [args...]\n');
  process.exit(2);
}
let env = process.env;
if (!supported(process.versions.node)) {
  let bin;
  try {
    bin = registryNodeBin();
  } catch (error) {
    process.stderr.write(
      `with-server-node: the server and the pipeline need Node ${REQUIRED.major}.${REQUIRED.minor} or later and this is Node ${process.versions.node}; fetching Node ${FETCHED_LINE} from the npm registry failed (${error.message}). Install Node 22 or 24 and run this again.\n`,
    );
    process.exit(1);
  }
  const version = execFileSync(join(bin, 'node'), ['--version'], { encoding: 'utf8' }).trim();
  process.stderr.write(
    `with-server-node: this machine's Node ${process.version} is older than ${REQUIRED.major}.${REQUIRED.minor}, which the server and the pipeline need; running \`${command}\` on Node ${version} from the npm registry (${join('node_modules', '.cache', 'ussynth-node')})\n`,
  );
  env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` };
}
const child = spawn(command, args, { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  process.stderr.write(`with-server-node: could not run ${command}: ${error.message}\n`);
  process.exit(127);
});
child.on('exit', (code, signal) => {
  if (signal) {
    // Ended by a signal: end the same way (without this process's own forwarding handler in the way).
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});
