import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderBytes, installedPackages, NPM_ENV, npm, pack } from './npm-project.js';

// The packages as a registry user gets them: `npm pack` of both, installed with
// npm into an empty project. Needs the build and the demo build in server/web-dist
// (`npm test` makes both first).
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'ussynth-install-'));
const project = join(work, 'project');
let libraryTarball = '';
let serverTarball = '';

// What npm printed on standard error when it installed the library alone (its warnings).
let libraryInstallWarnings = '';

async function node(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd, env: NPM_ENV });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  expect(existsSync(join(ROOT, 'dist', 'index.js')), 'run `npm run build` first').toBe(true);
  expect(existsSync(join(ROOT, 'server', 'web-dist', 'index.html')), 'run `npm run build:web` first').toBe(true);
  [libraryTarball, serverTarball] = await Promise.all([pack(ROOT, work), pack(join(ROOT, 'server'), work)]);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fixture-project', version: '1.0.0', private: true, type: 'module' }));
  libraryInstallWarnings = (await npm(project, 'install', libraryTarball)).stderr;
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm install ussynth (the library alone)', () => {
  it('installs one package, runs no install script, and stays small', () => {
    const packages = installedPackages(project);
    expect(Object.keys(packages)).toEqual(['node_modules/ussynth']);
    expect(packages['node_modules/ussynth'].hasInstallScript).toBeUndefined();
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules', 'ussynth', 'package.json'), 'utf8')) as { dependencies?: object; scripts?: Record<string, string> };
    expect(manifest.dependencies).toBeUndefined();
    // npm also lists `prepare` among the scripts it asks users to approve, though it never runs it from a tarball.
    expect(Object.keys(manifest.scripts ?? {}).filter((name) => /^(pre|post)?(install|prepare)$/.test(name))).toEqual([]);
    expect(libraryInstallWarnings).not.toMatch(/install-scripts|allowScripts/);
    // The SQLite file (9.4 MB) and the index (2.9 MB) are most of it.
    expect(folderBytes(join(project, 'node_modules'))).toBeLessThan(16 * 1024 * 1024);
    expect(statSync(libraryTarball).size).toBeLessThan(7 * 1024 * 1024);
  });

  it('generates through `import { createGenerator } from "ussynth"`', async () => {
    const script = "import { createGenerator } from 'ussynth'; const a = createGenerator({ seed: 42 }).address({ state: 'CA' }); console.log(JSON.stringify(a));";
    const result = await node(project, '--input-type=module', '-e', script);
    expect(result.stderr).toBe('');
    const address = JSON.parse(result.stdout) as { state: string; zip: string; country: string };
    expect(address).toMatchObject({ state: 'CA', country: 'United States' });
    expect(address.zip).toMatch(/^9[0-6]\d{3}$/);
  });

  it('runs `npx ussynth address --count 3 --format csv`', async () => {
    const { stdout } = await run('npx', ['ussynth', 'address', '--count', '3', '--format', 'csv', '--seed', '7'], { cwd: project, env: NPM_ENV });
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('name,street,city,state,zip,phone,email,country');
    expect(lines).toHaveLength(4);
  });

  it('says which package to install for the service commands', async () => {
    const result = await node(project, join(project, 'node_modules', 'ussynth', 'dist', 'cli', 'main.js'), 'serve');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^ussynth: `ussynth serve` runs the API server, which is the separate package ussynth-server .*`npm install ussynth-server`/);
  });

  it('names the missing peers of ussynth/database, then works once they are installed', async () => {
    const script = "const { openDatabase } = await import('ussynth/database'); const db = openDatabase(); const row = await db.selectFrom('zips').select(['city', 'state']).where('zip', '=', '10001').executeTakeFirstOrThrow(); console.log(JSON.stringify(row)); await db.destroy();";
    const before = await node(project, '--input-type=module', '-e', script);
    expect(before.code).not.toBe(0);
    expect(before.stderr).toContain('ussynth/database needs better-sqlite3 and kysely');
    expect(before.stderr).toContain('`npm install better-sqlite3 kysely`');
    // What a user on this Node installs: 13 where Node-API 10 exists (it is a prebuilt binary), 12 on Node 20.
    await npm(project, 'install', Number(process.versions.napi) >= 10 ? 'better-sqlite3@^13.1.1' : 'better-sqlite3@^12.11.1', 'kysely@^0.28');
    const after = await node(project, '--input-type=module', '-e', script);
    expect(after.stderr).toBe('');
    expect(JSON.parse(after.stdout)).toEqual({ city: 'New York', state: 'NY' });
    // On Node 20 the install compiles better-sqlite3 12 when its prebuilt binary cannot be downloaded: about 50 s
    // alone on the 2-core machine, more under the rest of the suite.
  }, 300_000);
});

describe('npm install ussynth-server (the service)', () => {
  beforeAll(async () => {
    await npm(project, 'install', serverTarball);
  }, 600_000);

  it('serves the API and the demo it ships, started by its own binary and through `ussynth serve`', async () => {
    // npm's bin link of the service package, and the library's binary handing `serve` over to it.
    for (const binary of [join('.bin', 'ussynth-server'), join('ussynth', 'dist', 'cli', 'main.js')]) {
      const dir = mkdtempSync(join(work, 'store-'));
      const child = spawn(join(project, 'node_modules', binary), ['serve'], { cwd: project, env: { ...NPM_ENV, PORT: '0', LOG_LEVEL: 'warn', USSYNTH_DB: join(dir, 'store.sqlite') }, stdio: ['ignore', 'pipe', 'pipe'] });
      try {
        const banner = await new Promise<string>((resolve, reject) => {
          let text = '';
          child.stdout.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            if (text.includes('curl')) resolve(text);
          });
          child.on('exit', (code) => reject(new Error(`${binary} serve exited ${code}: ${text}`)));
        });
        const url = /listening on (http:\/\/[\d.:]+)/.exec(banner)![1];
        const key = /(uss_test_\w+)/.exec(banner)![1];
        const zip = await fetch(`${url}/v1/zip/10001`, { headers: { 'x-api-key': key } });
        expect(zip.status).toBe(200);
        expect(await zip.json()).toMatchObject({ zip: '10001', state: 'NY' });
        const page = await fetch(`${url}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<script type="module"');
      } finally {
        child.kill('SIGTERM');
      }
    }
  });
});
