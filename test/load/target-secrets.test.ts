// The database password of `--to` never shown: in messages, in --dry-run and on the command line others see
// (/proc/PID/cmdline, what ps reads) while a load runs; and the password read from the environment or a file instead.
// Against a real PostgreSQL asking for SCRAM passwords and a real MariaDB, on loopback.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, LoadError } from '../../src/load.js';
import { startMariadb, type TestMariadb } from '../infra/mariadb-server.js';
import { psql, startPostgres, type TestPostgres } from '../infra/postgres-server.js';
import { finished, runBinary, startBinary, type BinaryResult } from '../cli/run-binary.js';
import { stderrMatching } from './load-test-helpers.js';

// A base64 password: its / and + must be percent-encoded in a URL, and users often forget.
const PASSWORD = 'Zm9v/YmFy+cXV4==';
const ENCODED = encodeURIComponent(PASSWORD);
const BIN = fileURLToPath(new URL('../../bin/ussynth.mjs', import.meta.url));

let postgres: TestPostgres;
let mariadb: TestMariadb;
const scratch = mkdtempSync(join(tmpdir(), 'ussynth-secrets-'));

beforeAll(async () => {
  [postgres, mariadb] = await Promise.all([startPostgres({ passwordLogins: true }), startMariadb()]);
  postgres.createDatabase('secrets');
  psql(
    postgres.url('secrets'),
    `CREATE ROLE password_login NOLOGIN; CREATE ROLE loader LOGIN PASSWORD '${PASSWORD}' IN ROLE password_login; GRANT ALL ON SCHEMA public TO loader`,
  );
  mariadb.sql(`CREATE USER 'loader'@'%' IDENTIFIED BY '${PASSWORD}'; GRANT ALL ON \`load\`.* TO 'loader'@'%'`);
}, 180_000);

afterAll(async () => {
  postgres?.destroy();
  await mariadb?.destroy();
  rmSync(scratch, { recursive: true, force: true });
});

const pgHost = (): string => `127.0.0.1:${postgres.port}/secrets`;
const env = (extra: Record<string, string>): NodeJS.ProcessEnv => ({ ...process.env, ...extra });

/** Neither form of the password anywhere in what the run printed. */
function expectNoPassword(result: BinaryResult): void {
  const printed = result.stderr + result.stdout.toString('utf8');
  for (const form of [PASSWORD, ENCODED, 'YmFy']) expect(printed).not.toContain(form);
}

describe('PostgreSQL: the password in every shape, never printed', () => {
  it('in the user information, a query parameter, unencoded: errors, "already exists" and --dry-run mask it', async () => {
    const inUser = `postgres://loader:${ENCODED}@${pgHost()}`;
    const inQuery = `postgres://loader@${pgHost()}?password=${ENCODED}`;
    const first = await runBinary(['address', '--count', '10', '--to', inQuery, '--table', 'masked']);
    expect(first.status).toBe(0);
    expect(first.stderr).toContain('ussynth: note: the password in --to is on the command line');
    expectNoPassword(first);
    for (const to of [inUser, inQuery]) {
      const again = await runBinary(['address', '--count', '10', '--to', to, '--table', 'masked']);
      expect(again.status).toBe(2);
      expect(again.stderr).toContain('table masked already exists in postgres://loader');
      expectNoPassword(again);
      const dryRun = await runBinary(['address', '--count', '3', '--dry-run', '--to', to]);
      expect(dryRun.status).toBe(0);
      expect(dryRun.stdout.toString('utf8')).toContain('***');
      expectNoPassword(dryRun);
    }
    const wrong = await runBinary([
      'address',
      '--count',
      '5',
      '--to',
      `postgres://loader@${pgHost()}?password=${ENCODED}x`,
    ]);
    expect(wrong.status).toBe(69);
    expect(wrong.stderr).toContain('password authentication failed');
    expectNoPassword(wrong);
    const unencoded = await runBinary(['address', '--count', '5', '--to', `postgres://loader:${PASSWORD}@${pgHost()}`]);
    expect(unencoded.status).toBe(2);
    expect(unencoded.stderr).toContain('must be percent-encoded');
    expectNoPassword(unencoded);
  });

  it("the library's LoadError masks it too", async () => {
    for (const to of [
      `postgres://loader:${PASSWORD}@${pgHost()}`,
      `postgres://loader@${pgHost()}?password=${ENCODED}x`,
    ]) {
      const error = await load({ to, count: 5, table: 'never' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LoadError);
      for (const form of [PASSWORD, ENCODED]) expect((error as LoadError).message).not.toContain(form);
    }
  });

  it('--to env:NAME, --to @FILE, PGPASSWORD and PGPASSFILE load without the password on the command line (and without a note)', async () => {
    const url = `postgres://loader:${ENCODED}@${pgHost()}`;
    const fromEnv = await runBinary(
      ['address', '--seed', 's', '--count', '10', '--to', 'env:SECRET_DB_URL', '--table', 'from_env'],
      { env: env({ SECRET_DB_URL: url }) },
    );
    expect(fromEnv.stderr).toMatch(/^loaded 10 rows into from_env/);
    const file = join(scratch, 'db-url');
    writeFileSync(file, url + '\n', { mode: 0o600 });
    const fromFile = await runBinary([
      'address',
      '--seed',
      's',
      '--count',
      '10',
      '--to',
      `@${file}`,
      '--table',
      'from_file',
    ]);
    expect(fromFile.stderr).toMatch(/^loaded 10 rows into from_file/);
    const noPassword = `postgres://loader@${pgHost()}`;
    const fromPgPassword = await runBinary(
      ['address', '--seed', 's', '--count', '10', '--to', noPassword, '--table', 'from_pgpassword'],
      { env: env({ PGPASSWORD: PASSWORD }) },
    );
    expect(fromPgPassword.stderr).toMatch(/^loaded 10 rows into from_pgpassword/);
    const passfile = join(scratch, 'pgpass');
    writeFileSync(passfile, `127.0.0.1:${postgres.port}:secrets:loader:${PASSWORD}\n`, { mode: 0o600 });
    const fromPassfile = await runBinary(
      ['address', '--seed', 's', '--count', '10', '--to', noPassword, '--table', 'from_pgpassfile'],
      { env: env({ PGPASSFILE: passfile }) },
    );
    // Only the line of a load: pg's own password-file support would print a deprecation warning.
    expect(fromPassfile.stderr).toMatch(/^loaded 10 rows into from_pgpassfile in [0-9.]+ s\n$/);
    for (const table of ['from_env', 'from_file', 'from_pgpassword', 'from_pgpassfile'])
      expect(psql(postgres.url('secrets'), `SELECT count(*) FROM ${table}`)).toBe('10');
  });

  for (const via of ['bin/ussynth.mjs', 'dist/cli/main.js'] as const) {
    it(`/proc/PID/cmdline of a running load (${via}) shows the URL without its password`, async () => {
      const args = [
        'address',
        '--seed',
        'ps',
        '--count',
        '5000000',
        '--commit-every',
        '20000',
        '--to',
        `postgres://loader:${ENCODED}@${pgHost()}`,
        '--table',
        `ps_${via.startsWith('bin') ? 'bin' : 'main'}`,
      ];
      const child =
        via === 'bin/ussynth.mjs'
          ? spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
          : startBinary(args);
      const result = finished(child);
      // Rows are committed: the load is well under way.
      await stderrMatching(child, /committed records 0\.\.19999/);
      const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8');
      child.kill('SIGINT');
      expect(cmdline).toContain(`postgres://loader:***@${pgHost()}`);
      expect(cmdline).toContain('--table ps_');
      for (const form of [PASSWORD, ENCODED, 'YmFy']) expect(cmdline).not.toContain(form);
      expect((await result).status).toBe(130);
    });
  }
});

describe('MariaDB: mysql:// alike', () => {
  it('masked in errors and "already exists"; MYSQL_PWD gives the password a URL leaves out', async () => {
    const url = `mysql://loader:${ENCODED}@127.0.0.1:${mariadb.port}/load`;
    expect((await runBinary(['address', '--count', '10', '--to', url, '--table', 'masked'])).status).toBe(0);
    const again = await runBinary(['address', '--count', '10', '--to', url, '--table', 'masked']);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain(`table masked already exists in mysql://loader:***@127.0.0.1:${mariadb.port}/load`);
    expectNoPassword(again);
    const wrong = await runBinary([
      'address',
      '--count',
      '5',
      '--to',
      `mysql://loader:${ENCODED}x@127.0.0.1:${mariadb.port}/load`,
    ]);
    expect(wrong.status).toBe(69);
    expect(wrong.stderr).toContain('Access denied');
    expectNoPassword(wrong);
    const unencoded = await runBinary([
      'address',
      '--count',
      '5',
      '--to',
      `mysql://loader:${PASSWORD}@127.0.0.1:${mariadb.port}/load`,
    ]);
    expect(unencoded.status).toBe(2);
    expectNoPassword(unencoded);
    const fromEnv = await runBinary(
      [
        'address',
        '--seed',
        's',
        '--count',
        '10',
        '--to',
        `mysql://loader@127.0.0.1:${mariadb.port}/load`,
        '--table',
        'from_mysql_pwd',
      ],
      { env: env({ MYSQL_PWD: PASSWORD }) },
    );
    expect(fromEnv.stderr).toMatch(/^loaded 10 rows into from_mysql_pwd/);
    expect(fromEnv.status).toBe(0);
  });
});
