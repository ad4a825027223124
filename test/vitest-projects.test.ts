import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import config from '../vitest.config.js';
import e2eConfig from '../vitest.e2e.config.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The include and exclude patterns of a project. */
interface Patterns {
  name: string;
  include: string[];
  exclude: string[];
}

/** A glob of vitest.config.ts as a regular expression: `**` any folders, `*` any characters but `/`. */
function globRegExp(glob: string): RegExp {
  const source = glob
    .split(/(\*\*\/?|\*)/)
    .map((part) =>
      part.startsWith('**')
        ? '(?:.*/)?' + (part === '**' ? '.*' : '')
        : part === '*'
          ? '[^/]*'
          : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

function member(file: string, project: Patterns): boolean {
  return (
    project.include.some((glob) => globRegExp(glob).test(file)) &&
    !project.exclude.some((glob) => globRegExp(glob).test(file))
  );
}

/** Every test file of the repository, relative to its root. */
function testFiles(): string[] {
  return ['test', 'server/test'].flatMap((dir) =>
    readdirSync(`${ROOT}${dir}`, { recursive: true, encoding: 'utf8' })
      .map((file) => `${dir}/${file.split('\\').join('/')}`)
      .filter((file) => file.endsWith('.test.ts') && !file.includes('/node_modules/')),
  );
}

const projects: Patterns[] = (
  config.test!.projects as { test: { name: string; include: string[]; exclude?: string[] } }[]
).map(({ test }) => ({
  name: test.name,
  include: test.include,
  exclude: test.exclude ?? [],
}));
projects.push({ name: 'e2e', include: e2eConfig.test!.include!, exclude: [] });

describe('the vitest projects (vitest.config.ts)', () => {
  it('reads the globs as vitest does', () => {
    expect(globRegExp('server/test/store/postgres/*.test.ts').test('server/test/store/postgres/pool.test.ts')).toBe(
      true,
    );
    expect(globRegExp('server/test/store/postgres/*.test.ts').test('server/test/store/postgres/a/pool.test.ts')).toBe(
      false,
    );
    expect(globRegExp('server/test/scale/**/*.test.ts').test('server/test/scale/fleet.test.ts')).toBe(true);
    expect(globRegExp('server/test/scale/**/*.test.ts').test('server/test/scale/a/b/fleet.test.ts')).toBe(true);
    expect(globRegExp('test/e2e/**').test('test/e2e/demo.test.ts')).toBe(true);
    expect(globRegExp('**/node_modules/**').test('server/node_modules/x/y.test.ts')).toBe(true);
  });

  it('run every test file in exactly one project, so `npm test` and the browser run leave none out', () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(150);
    const homes = files.map(
      (file) =>
        `${file}: ${
          projects
            .filter((project) => member(file, project))
            .map((project) => project.name)
            .join(', ') || 'none'
        }`,
    );
    expect(homes.filter((home) => home.endsWith(': none') || home.includes(','))).toEqual([]);
  });

  it('keep the unit project to tests in process: a file that starts a process or a server is in system or serial', () => {
    const unit = projects.find((project) => project.name === 'unit')!;
    // Modules that start processes (or servers as processes), and server/test/serve-process.ts's functions that do.
    const spawningModule =
      /from '(?:node:child_process|node:worker_threads|[./]*(?:cli\/)?run-binary\.js|[./]*client\/spawned-server\.js|[./]*infra\/(?:postgres-server|redis-server|mariadb-server|haproxy)\.js)'/;
    // Servers started in process: the app on a real port, SMTP, OpenID, bare sockets and HTTP servers.
    const serverModule =
      /(?:from |import\()'(?:node:net|node:http|node:https|node:tls|[./]*(?:test-server|smtp-test-server|oidc-test-provider|raw-http|held-pages-proxy)\.js)'/;
    const serveProcess = /import \{([^}]*)\} from '[./]*serve-process\.js'/;
    const spawningHelpers = new Set(['serve', 'runServerCli', 'runServerCommand', 'keysCreate', 'usedBy']);
    const spawns = (source: string) =>
      spawningModule.test(source) ||
      serverModule.test(source) ||
      (serveProcess
        .exec(source)?.[1]
        .split(',')
        .some((name) => spawningHelpers.has(name.trim())) ??
        false);
    // (This file names the patterns it looks for, so it is left out.)
    const inProcess = testFiles().filter((file) => member(file, unit) && file !== 'test/vitest-projects.test.ts');
    expect(inProcess.length).toBeGreaterThan(50);
    expect(inProcess.filter((file) => spawns(readFileSync(`${ROOT}${file}`, 'utf8')))).toEqual([]);
    // The check itself sees a spawning file.
    expect(spawns("import { keysCreate, serve } from '../serve-process.js';")).toBe(true);
    expect(spawns("import { runBinary } from '../run-binary.js';")).toBe(true);
    expect(spawns("import { waitFor } from '../../serve-process.js';")).toBe(false);
    expect(spawns("import { startTestServer, type TestServer } from '../../test-server.js';")).toBe(true);
    expect(spawns("import { startSmtpServer } from '../smtp-test-server.js';")).toBe(true);
    expect(spawns("import { startHeldPagesProxy } from '../held-pages-proxy.js';")).toBe(true);
    expect(spawns("const net = await import('node:net');")).toBe(true);
    expect(spawns("import { createServer } from 'node:http';")).toBe(true);
    expect(spawns("import type { TestServer } from '../test-server-types.js';")).toBe(false);
  });
});
