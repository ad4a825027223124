import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The packages as a registry user gets them: `npm pack` of both, installed with
// npm into an empty project. Needs the build and the demo build in server/web-dist
// (`npm test` makes both first).
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'ussynth-install-'));
const project = join(work, 'project');
let libraryTarball = '';
let serverTarball = '';

// The outer `npm test` leaks its own npm_* settings (workspace, lifecycle) into the environment: give npm a clean one.
// npm_config_nodedir stays: it names the headers of the Node that runs this (CI also runs the suite on Node 22 and 24).
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_') || name === 'npm_config_nodedir'));

// What npm printed on standard error when it installed the library alone (its warnings).
let libraryInstallWarnings = '';

async function npmOutput(cwd: string, ...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], { cwd, env, maxBuffer: 64 * 1024 * 1024 });
}

async function npm(cwd: string, ...args: string[]): Promise<string> {
  return (await npmOutput(cwd, ...args)).stdout;
}

async function node(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function pack(folder: string): Promise<string> {
  const [{ filename }] = JSON.parse(await npm(folder, 'pack', '--ignore-scripts', '--json', '--pack-destination', work)) as { filename: string }[];
  return join(work, filename);
}

function folderBytes(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((sum, name) => sum + folderBytes(join(path, name)), 0);
}

/** The installed packages by path, from npm's hidden lockfile, with whether each has an install script. */
function installedPackages(): Record<string, { hasInstallScript?: boolean }> {
  const lock = JSON.parse(readFileSync(join(project, 'node_modules', '.package-lock.json'), 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean }> };
  return lock.packages;
}

beforeAll(async () => {
  expect(existsSync(join(ROOT, 'dist', 'index.js')), 'run `npm run build` first').toBe(true);
  expect(existsSync(join(ROOT, 'server', 'web-dist', 'index.html')), 'run `npm run build:web` first').toBe(true);
  [libraryTarball, serverTarball] = await Promise.all([pack(ROOT), pack(join(ROOT, 'server'))]);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fixture-project', version: '1.0.0', private: true, type: 'module' }));
  libraryInstallWarnings = (await npmOutput(project, 'install', libraryTarball)).stderr;
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm install ussynth (the library alone)', () => {
  it('installs one package, runs no install script, and stays small', () => {
    const packages = installedPackages();
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
    const { stdout } = await run('npx', ['ussynth', 'address', '--count', '3', '--format', 'csv', '--seed', '7'], { cwd: project, env });
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
      const child = spawn(join(project, 'node_modules', binary), ['serve'], { cwd: project, env: { ...env, PORT: '0', LOG_LEVEL: 'warn', USSYNTH_DB: join(dir, 'store.sqlite') }, stdio: ['ignore', 'pipe', 'pipe'] });
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
