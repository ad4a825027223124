import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderBytes, installedPackages, NPM_ENV, npm, pack } from './npm-project.js';

// The packages as a registry user gets them: both packed with `npm pack` (which runs each package's prepack: the
// build and the demo build) in a clean checkout of this working tree (its tracked and new files, nothing built, a
// fresh `npm ci`), then installed with npm into an empty project. Offline but for the npm registry.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'ussynth-install-'));
const checkout = join(work, 'checkout');
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
  const { stdout: files } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  for (const file of files.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(checkout, file)), { recursive: true });
    // A tracked file deleted in the working tree is not part of it.
    try {
      cpSync(join(ROOT, file), join(checkout, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  await npm(checkout, 'ci');
  // With its scripts: prepack builds what each package ships. The library first, as a publisher would.
  libraryTarball = await pack(checkout, work, { scripts: true });
  serverTarball = await pack(join(checkout, 'server'), work, { scripts: true });
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'fixture-project', version: '1.0.0', private: true, type: 'module' }),
  );
  libraryInstallWarnings = (await npm(project, 'install', libraryTarball)).stderr;
}, 900_000);

// A checkout and a project with their node_modules: hundreds of MB, which took over a minute to delete at load 19.
afterAll(() => rmSync(work, { recursive: true, force: true }), 300_000);

describe('npm install ussynth (the library alone)', () => {
  it('installs one package, runs no install script, and stays small', () => {
    const packages = installedPackages(project);
    expect(Object.keys(packages)).toEqual(['node_modules/ussynth']);
    expect(packages['node_modules/ussynth'].hasInstallScript).toBeUndefined();
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules', 'ussynth', 'package.json'), 'utf8')) as {
      dependencies?: object;
      scripts?: Record<string, string>;
    };
    expect(manifest.dependencies).toBeUndefined();
    // npm also lists `prepare` among the scripts it asks users to approve, though it never runs it from a tarball.
    expect(Object.keys(manifest.scripts ?? {}).filter((name) => /^(pre|post)?(install|prepare)$/.test(name))).toEqual(
      [],
    );
    expect(libraryInstallWarnings).not.toMatch(/install-scripts|allowScripts/);
    // The SQLite file (11.7 MB) and the index (2.9 MB) are most of it; the build about 0.8 MB, without source maps
    // (docs/benchmarks.md, "Install").
    expect(folderBytes(join(project, 'node_modules'))).toBeLessThan(18 * 1024 * 1024);
    expect(statSync(libraryTarball).size).toBeLessThan(7 * 1024 * 1024);
  });

  it('generates through `import { createGenerator } from "ussynth"`', async () => {
    const script =
      "import { createGenerator } from 'ussynth'; const a = createGenerator({ seed: 42 }).address({ state: 'CA' }); console.log(JSON.stringify(a));";
    const result = await node(project, '--input-type=module', '-e', script);
    expect(result.stderr).toBe('');
    const address = JSON.parse(result.stdout) as { state: string; zip: string; country: string };
    expect(address).toMatchObject({ state: 'CA', country: 'United States' });
    expect(address.zip).toMatch(/^9[0-6]\d{3}$/);
  });

  it('runs `npx ussynth address --count 3 --format csv`', async () => {
    const { stdout } = await run('npx', ['ussynth', 'address', '--count', '3', '--format', 'csv', '--seed', '7'], {
      cwd: project,
      env: NPM_ENV,
    });
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('name,street,city,state,zip,phone,email,country');
    expect(lines).toHaveLength(4);
  });

  it('says which package to install for the service commands', async () => {
    const result = await node(project, join(project, 'node_modules', 'ussynth', 'dist', 'cli', 'main.js'), 'serve');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^ussynth: `ussynth serve` runs the API server, which is the separate package ussynth-server .*`npm install ussynth-server`/,
    );
  });

  it('names the missing peers of ussynth/database, then works once they are installed', async () => {
    const script =
      "const { openDatabase } = await import('ussynth/database'); const db = openDatabase(); const row = await db.selectFrom('zips').select(['city', 'state']).where('zip', '=', '10001').executeTakeFirstOrThrow(); console.log(JSON.stringify(row)); await db.destroy();";
    const before = await node(project, '--input-type=module', '-e', script);
    expect(before.code).not.toBe(0);
    expect(before.stderr).toContain('ussynth/database needs better-sqlite3 and kysely');
    expect(before.stderr).toContain('`npm install better-sqlite3 kysely`');
    // What a user on this Node installs: 13 where Node-API 10 exists (it is a prebuilt binary), 12 on Node 20.
    await npm(
      project,
      'install',
      Number(process.versions.napi) >= 10 ? 'better-sqlite3@^13.1.1' : 'better-sqlite3@^12.11.1',
      'kysely@^0.28',
    );
    const after = await node(project, '--input-type=module', '-e', script);
    expect(after.stderr).toBe('');
    expect(JSON.parse(after.stdout)).toEqual({ city: 'New York', state: 'NY' });
    // On Node 20 the install compiles better-sqlite3 12 when its prebuilt binary cannot be downloaded: about 50 s
    // alone on the 2-core machine, more under the rest of the suite.
  }, 300_000);
});

describe('npm install ussynth-server (the service)', () => {
  // What npm printed on standard error when it installed the service.
  let serverInstallWarnings = '';

  beforeAll(async () => {
    serverInstallWarnings = (await npm(project, 'install', serverTarball)).stderr;
  }, 600_000);

  it('ships its build and its pages, made by its prepack in the clean checkout', async () => {
    const { stdout } = await run('tar', ['tzf', serverTarball]);
    const files = stdout.split('\n');
    for (const file of [
      'package/dist/cli/main.js',
      'package/dist/server.js',
      'package/web-dist/index.html',
      'package/web-dist/dashboard.html',
      'package/web-dist/ussynth.idx',
    ])
      expect(files).toContain(file);
    // Installing it added its dependencies but no install script, and only the one SQLite driver line.
    const packages = installedPackages(project);
    expect(
      Object.entries(packages)
        .filter(([, p]) => p.hasInstallScript)
        .map(([path]) => path),
    ).toEqual([]);
    expect(
      Object.keys(packages).filter((path) => path.endsWith('/better-sqlite3') || path.endsWith('/better-sqlite3-napi')),
    ).toEqual(['node_modules/better-sqlite3']);
    // This project installed better-sqlite3 before (the ussynth/database peers): only npm's false positive for it.
    expect(serverInstallWarnings).not.toMatch(/EBADENGINE/);
    expect(serverInstallWarnings.split('\n').filter((line) => /^npm warn install-scripts +\S+@/.test(line))).toEqual([
      expect.stringMatching(/ better-sqlite3@13\.\S+ \(install: node-gyp rebuild\)$/),
    ]);
  });

  it('installs into an empty project on a supported Node without any warning', async () => {
    // This suite runs on Node 22.14 or later. npm 11 infers `node-gyp rebuild` from the binding.gyp that
    // better-sqlite3 13 ships (it never runs it: gypfile is false, the binaries are in the package) and warns about it
    // on later installs into a project that already has it: docs/deploy.md says how to deny it.
    const fresh = mkdtempSync(join(work, 'fresh-'));
    writeFileSync(
      join(fresh, 'package.json'),
      JSON.stringify({ name: 'fresh-project', version: '1.0.0', private: true }),
    );
    const { stderr } = await npm(fresh, 'install', libraryTarball, serverTarball);
    expect(stderr).not.toMatch(/EBADENGINE|install-scripts|allowScripts|deprecated/);
    expect(existsSync(join(fresh, 'node_modules', 'better-sqlite3', 'build'))).toBe(false);
  }, 300_000);

  it('`npx ussynth-server serve` answers the demo, the dashboard, /v1/docs and an API call with a fresh key', async () => {
    const db = join(mkdtempSync(join(work, 'store-')), 'store.sqlite');
    const env = { ...NPM_ENV, PORT: '0', LOG_LEVEL: 'warn', USSYNTH_DB: db };
    // A key made by the operator command before the server starts (the dev key is not used: --no-dev-key).
    const created = await run(
      'npx',
      ['ussynth-server', 'keys', 'create', '--account', 'acme', '--tier', 'standard', '--json'],
      { cwd: project, env },
    );
    const { key } = JSON.parse(created.stdout) as { key: string };
    const child = spawn('npx', ['ussynth-server', 'serve', '--no-dev-key'], {
      cwd: project,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          const found = /listening on (http:\/\/[\d.:]+)/.exec(text);
          if (found) resolve(found[1]);
        });
        child.on('exit', (code) => reject(new Error(`npx ussynth-server serve exited ${code}: ${text}`)));
      });
      const demo = await fetch(`${url}/`);
      expect(demo.status).toBe(200);
      expect(await demo.text()).toContain('<script type="module"');
      // The dashboard sends a signed-out visitor to its sign-in page, which the package ships too.
      const dashboard = await fetch(`${url}/dashboard`, { redirect: 'manual' });
      expect(dashboard.status).toBe(303);
      expect(dashboard.headers.get('location')).toBe('/signin');
      const signin = await fetch(`${url}/signin`);
      expect(signin.status).toBe(200);
      expect(await signin.text()).toContain('<form');
      const docs = await fetch(`${url}/v1/docs`, { redirect: 'follow' });
      expect(docs.status).toBe(200);
      expect(docs.headers.get('content-type')).toContain('text/html');
      const zip = await fetch(`${url}/v1/zip/10001`, { headers: { 'x-api-key': key } });
      expect(zip.status).toBe(200);
      expect(await zip.json()).toMatchObject({ zip: '10001', state: 'NY' });
      expect((await fetch(`${url}/v1/zip/10001`)).status).toBe(401);
    } finally {
      // npx runs the server as its child: end the whole group.
      process.kill(-child.pid!, 'SIGTERM');
    }
  }, 120_000);

  it('serves the API and the demo it ships, started by its own binary and through `ussynth serve`', async () => {
    // npm's bin links: the service package's, and the library's handing `serve` over to it.
    for (const binary of [join('.bin', 'ussynth-server'), join('.bin', 'ussynth')]) {
      const dir = mkdtempSync(join(work, 'store-'));
      const child = spawn(join(project, 'node_modules', binary), ['serve'], {
        cwd: project,
        env: { ...NPM_ENV, PORT: '0', LOG_LEVEL: 'warn', USSYNTH_DB: join(dir, 'store.sqlite') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
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
