import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { betterSqlite3Problem, installedBetterSqlite3, nodeApiNeeded } from '../src/better-sqlite3-runtime.js';

describe('nodeApiNeeded', () => {
  it('is Node-API 10 from better-sqlite3 13 on, and none for 12 and older (compiled for the running Node)', () => {
    for (const version of ['13.0.0', '13.1.1', '13.2.0', '13.3.0-beta.1', '14.0.0'])
      expect(nodeApiNeeded(version), version).toBe(10);
    for (const version of ['12.11.1', '12.4.1', '11.10.0', '9.6.0', 'latest', ''])
      expect(nodeApiNeeded(version), version).toBeUndefined();
  });
});

describe('betterSqlite3Problem', () => {
  it('refuses 13 on a Node without Node-API 10, naming the installed version, the Node, its level and the fix', () => {
    const problem = betterSqlite3Problem('13.2.0', { node: '20.20.2', napi: '9' });
    expect(problem).toBe(
      'better-sqlite3 13.2.0 (installed here) needs Node-API 10, which this Node 20.20.2 (Node-API 9) lacks, and would crash it; ' +
        'install the line that runs here with `npm install better-sqlite3@12`, or use Node 22.14 or later',
    );
    // Node 22 before 22.14 has Node-API 9 as well.
    expect(betterSqlite3Problem('13.1.1', { node: '22.13.1', napi: '9' })).toContain(
      'better-sqlite3 13.1.1 (installed here) needs Node-API 10, which this Node 22.13.1 (Node-API 9) lacks',
    );
    expect(betterSqlite3Problem('14.0.0', { node: '20.11.1', napi: '8' })).toContain('this Node 20.11.1 (Node-API 8)');
  });

  it('accepts 13 where Node-API 10 is, 12 everywhere, nothing installed, and an unknown Node-API level', () => {
    expect(betterSqlite3Problem('13.2.0', { node: '22.14.0', napi: '10' })).toBeUndefined();
    expect(betterSqlite3Problem('13.2.0', { node: '24.11.0', napi: '10' })).toBeUndefined();
    expect(betterSqlite3Problem('13.2.0', { node: '26.0.0', napi: '11' })).toBeUndefined();
    expect(betterSqlite3Problem('12.11.1', { node: '20.11.1', napi: '9' })).toBeUndefined();
    expect(betterSqlite3Problem(undefined, { node: '20.11.1', napi: '9' })).toBeUndefined();
    expect(betterSqlite3Problem('13.2.0', { node: '20.11.1' })).toBeUndefined();
  });

  it("takes this process's versions by default: the test runner's Node (22.14 or later) runs the installed driver", () => {
    const installed = installedBetterSqlite3();
    expect(installed).toMatch(/^1[23]\./);
    expect(betterSqlite3Problem(installed)).toBeUndefined();
    expect(Number(process.versions.napi)).toBeGreaterThanOrEqual(10);
  });
});

describe('installedBetterSqlite3', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'ussynth-better-sqlite3-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** A project folder holding a hand-made node_modules/better-sqlite3/package.json; returns a file URL inside it to resolve from. */
  function project(name: string, manifest: object | undefined): URL {
    const folder = join(scratch, name);
    mkdirSync(folder);
    if (manifest !== undefined) {
      mkdirSync(join(folder, 'node_modules', 'better-sqlite3'), { recursive: true });
      writeFileSync(join(folder, 'node_modules', 'better-sqlite3', 'package.json'), JSON.stringify(manifest));
    }
    return pathToFileURL(join(folder, 'index.js'));
  }

  it('reads the version of the package an import from here resolves to, without loading it', () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../node_modules/better-sqlite3/package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    expect(installedBetterSqlite3()).toBe(manifest.version);
    expect(
      installedBetterSqlite3(project('twelve', { name: 'better-sqlite3', version: '12.11.1', main: 'lib/index.js' })),
    ).toBe('12.11.1');
    expect(
      installedBetterSqlite3(
        project('thirteen', {
          name: 'better-sqlite3',
          version: '13.2.0',
          exports: { '.': './lib/index.js', './package.json': './package.json' },
        }),
      ),
    ).toBe('13.2.0');
  });

  it('is undefined when the package is not installed or hides its package.json', () => {
    expect(installedBetterSqlite3(project('none', undefined))).toBeUndefined();
    expect(
      installedBetterSqlite3(
        project('hidden', { name: 'better-sqlite3', version: '13.2.0', exports: { '.': './lib/index.js' } }),
      ),
    ).toBeUndefined();
  });
});
