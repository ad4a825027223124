// Who may load a table: two loads racing to create one table, and roles without privileges, on a real PostgreSQL
// and a real MariaDB started on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMariadb, type TestMariadb } from '../infra/mariadb-server.js';
import { psql, startPostgres, type TestPostgres } from '../infra/postgres-server.js';
import { finished, runBinary, startBinary } from '../cli/run-binary.js';
import { until } from './load-test-helpers.js';

let postgres: TestPostgres;
let mariadb: TestMariadb;
let url: string;

beforeAll(async () => {
  [postgres, mariadb] = await Promise.all([startPostgres(), startMariadb()]);
  url = postgres.createDatabase('access');
}, 180_000);

afterAll(async () => {
  postgres?.destroy();
  await mariadb?.destroy();
});

const count = (table: string): number => Number(psql(url, `SELECT count(*) FROM ${table}`));
const copying = (table: string): number =>
  Number(psql(url, `SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'COPY "${table}"%'`));
const asRole = (role: string): string => url.replace('postgres@', `${role}@`);

describe('two loads into one new PostgreSQL table at once', () => {
  it('the second is refused at once as table_exists (exit 2) while the first creates and loads it', async () => {
    const args = ['address', '--seed', 'race', '--to', url, '--table', 'raced'];
    const first = startBinary([...args, '--count', '1000000']);
    const firstDone = finished(first);
    await until(() => copying('raced') > 0, 60_000, 'the first COPY');
    const second = await runBinary([...args, '--count', '10']);
    // Refused while the first still loads, not after it.
    expect(copying('raced')).toBe(1);
    expect(second.status).toBe(2);
    expect(second.stderr).toContain('table raced is being created by another load');
    expect(second.stderr).toContain('--append');
    expect(second.stderr).not.toContain('duplicate key');
    const { status } = await firstDone;
    expect(status).toBe(0);
    expect(count('raced')).toBe(1_000_000);
  });

  it('with --append the second waits for the first to create the table, then adds its rows', async () => {
    const args = ['address', '--seed', 'race', '--to', url, '--table', 'raced_append', '--append'];
    const first = startBinary([...args, '--count', '300000']);
    const firstDone = finished(first);
    await until(() => copying('raced_append') > 0, 60_000, 'the first COPY');
    const second = await runBinary([...args, '--count', '1000']);
    expect(second.stderr).toMatch(/^loaded 1000 rows into raced_append/);
    expect(second.status).toBe(0);
    expect((await firstDone).status).toBe(0);
    expect(count('raced_append')).toBe(301_000);
  });
});

describe('a role without the privileges the load needs', () => {
  it('PostgreSQL: no privilege on the table, none on the schema, no TRUNCATE: "permission denied", exit 77, nothing loaded', async () => {
    psql(url, 'CREATE ROLE stranger LOGIN; CREATE ROLE reader LOGIN; CREATE ROLE inserter LOGIN');
    expect(
      (await runBinary(['address', '--seed', 'p', '--count', '10', '--to', url, '--table', 'private'])).status,
    ).toBe(0);
    psql(url, 'GRANT SELECT ON private TO reader; GRANT INSERT ON private TO inserter');
    const none = await runBinary([
      'address',
      '--seed',
      'p',
      '--count',
      '10',
      '--to',
      asRole('stranger'),
      '--table',
      'private',
      '--append',
    ]);
    expect(none.status).toBe(77);
    expect(none.stderr).toContain('permission denied');
    expect(none.stderr).toContain('role stranger may not insert into table private');
    expect(none.stderr).not.toContain('has no column');
    const readOnly = await runBinary([
      'address',
      '--seed',
      'p',
      '--count',
      '10',
      '--to',
      asRole('reader'),
      '--table',
      'private',
      '--append',
    ]);
    expect(readOnly.status).toBe(77);
    expect(readOnly.stderr).toContain('role reader may not insert into table private');
    const noTruncate = await runBinary([
      'address',
      '--seed',
      'p',
      '--count',
      '10',
      '--to',
      asRole('inserter'),
      '--table',
      'private',
      '--truncate',
    ]);
    expect(noTruncate.status).toBe(77);
    expect(noTruncate.stderr).toContain('permission denied for table private');
    // PostgreSQL 15 lets no other role create tables in public.
    const noCreate = await runBinary([
      'address',
      '--seed',
      'p',
      '--count',
      '10',
      '--to',
      asRole('stranger'),
      '--table',
      'elsewhere',
    ]);
    expect(noCreate.status).toBe(77);
    expect(noCreate.stderr).toContain('permission denied for schema public');
    expect(count('private')).toBe(10);
    // The role with INSERT loads.
    expect(
      (
        await runBinary([
          'address',
          '--seed',
          'p',
          '--count',
          '10',
          '--to',
          asRole('inserter'),
          '--table',
          'private',
          '--append',
        ])
      ).status,
    ).toBe(0);
    expect(count('private')).toBe(20);
  });

  it('MariaDB: a user without CREATE or INSERT: "permission denied", exit 77', async () => {
    mariadb.sql(
      "CREATE USER 'limited'@'%'; CREATE TABLE `load`.`kept` (name VARCHAR(255)); GRANT SELECT ON `load`.* TO 'limited'@'%'",
    );
    const limited = `mysql://limited@127.0.0.1:${mariadb.port}/load`;
    const create = await runBinary([
      'address',
      '--seed',
      'm',
      '--count',
      '10',
      '--fields',
      'name',
      '--to',
      limited,
      '--table',
      'fresh',
    ]);
    expect(create.status).toBe(77);
    expect(create.stderr).toContain('permission denied');
    expect(create.stderr).toContain('CREATE command denied');
    const insert = await runBinary([
      'address',
      '--seed',
      'm',
      '--count',
      '10',
      '--fields',
      'name',
      '--to',
      limited,
      '--table',
      'kept',
      '--append',
    ]);
    expect(insert.status).toBe(77);
    expect(insert.stderr).toContain('INSERT command denied');
  });
});
