// Two-table loads (a parents' table with a PRIMARY KEY, a children's with a FOREIGN KEY to it) into a real PostgreSQL
// and a real MariaDB started on loopback, with the test's two-table kind (teams and players): one transaction, every
// key resolving, --truncate children first, parallel shards, and a load stopped mid-way leaving neither table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTablesLoad, type TablesLoadPlan } from '../../src/load/load-tables.js';
import type { LoadError } from '../../src/load/load-error.js';
import { parseLoadTarget } from '../../src/load/load-target.js';
import { shardRange, type RecordJob } from '../../src/records/record-job.js';
import { startMariadb, type TestMariadb } from '../infra/mariadb-server.js';
import { psql, startPostgres, type TestPostgres } from '../infra/postgres-server.js';
import { team } from '../records/tables/team-kind.js';

let postgres: TestPostgres;
let mariadb: TestMariadb;

beforeAll(async () => {
  [postgres, mariadb] = await Promise.all([startPostgres(), startMariadb()]);
}, 180_000);

afterAll(async () => {
  postgres?.destroy();
  await mariadb?.destroy();
});

const job = (count: number, table: string, extra: Partial<RecordJob> = {}): RecordJob => ({
  kind: 'team',
  seed: 's',
  fictionalPhones: false,
  format: 'copy',
  table,
  childTable: `${table}_players`,
  jsonShape: 'array',
  count,
  ...extra,
});

/** Players of teams 0..count-1 (each team i has i % 3 + 1). */
const players = (count: number): number =>
  Array.from({ length: count }, (_, i) => (i % 3) + 1).reduce((sum, n) => sum + n, 0);

interface Database {
  name: string;
  url(): string;
  scalar(sql: string): string;
  /** Whether the table exists. */
  exists(table: string): boolean;
  /** The foreign keys of a table as `column -> table.column`. */
  foreignKeys(table: string): string[];
  quote(name: string): string;
}

const databases: Database[] = [
  {
    name: 'PostgreSQL',
    url: () => postgres.url('postgres'),
    scalar: (sql) => psql(postgres.url('postgres'), sql),
    exists: (table) => psql(postgres.url('postgres'), `SELECT to_regclass('"${table}"') IS NOT NULL`) === 't',
    foreignKeys: (table) =>
      psql(
        postgres.url('postgres'),
        `SELECT string_agg(kcu.column_name || ' -> ' || ccu.table_name || '.' || ccu.column_name, ',')
         FROM information_schema.table_constraints tc
         JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name
         JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name
         WHERE tc.table_name = '${table}' AND tc.constraint_type = 'FOREIGN KEY'`,
      ).split(','),
    quote: (name) => `"${name}"`,
  },
  {
    name: 'MariaDB',
    url: () => mariadb.url(),
    scalar: (sql) => mariadb.sql(sql, 'load').trim(),
    exists: (table) =>
      mariadb
        .sql(
          `SELECT count(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'load' AND TABLE_NAME = '${table}'`,
          'load',
        )
        .trim() === '1',
    foreignKeys: (table) =>
      mariadb
        .sql(
          `SELECT CONCAT(COLUMN_NAME, ' -> ', REFERENCED_TABLE_NAME, '.', REFERENCED_COLUMN_NAME) FROM information_schema.KEY_COLUMN_USAGE
           WHERE TABLE_SCHEMA = 'load' AND TABLE_NAME = '${table}' AND REFERENCED_TABLE_NAME IS NOT NULL`,
          'load',
        )
        .trim()
        .split('\n'),
    quote: (name) => `\`${name}\``,
  },
];

describe.each(databases)('two tables into $name', (db) => {
  const plan = (loadJob: RecordJob, extra: Partial<TablesLoadPlan> = {}): TablesLoadPlan => ({
    target: parseLoadTarget(db.url()),
    job: loadJob,
    mode: 'create',
    shared: false,
    ...extra,
  });
  const count = (table: string): number => Number(db.scalar(`SELECT count(*) FROM ${db.quote(table)}`));
  const orphans = (table: string): number =>
    Number(
      db.scalar(
        `SELECT count(*) FROM ${db.quote(`${table}_players`)} p LEFT JOIN ${db.quote(table)} t ON t.id = p.${db.quote('teamId')} WHERE t.id IS NULL`,
      ),
    );

  it('creates both tables with PRIMARY KEY and FOREIGN KEY in one transaction; every key resolves', async () => {
    expect(await runTablesLoad(plan(job(3000, 'teams')))).toEqual({ parents: 3000, children: players(3000) });
    expect(count('teams')).toBe(3000);
    expect(count('teams_players')).toBe(players(3000));
    expect(orphans('teams')).toBe(0);
    expect(db.foreignKeys('teams_players')).toEqual(['teamId -> teams.id']);
    // The rows are the kind's: team 2999 and its last player.
    const last = team('s', 2999);
    expect(db.scalar(`SELECT name FROM ${db.quote('teams')} WHERE id = '${last.row.id}'`)).toBe(last.row.name);
    // The key is enforced: a player of no team is refused.
    expect(() =>
      db.scalar(
        `INSERT INTO ${db.quote('teams_players')} VALUES ('00000000-0000-4000-8200-ffffffffffff', '00000000-0000-4000-8100-ffffffffffff', 'n', '2000-01-01')`,
      ),
    ).toThrow();

    const again = await runTablesLoad(plan(job(10, 'teams'))).catch((error: unknown) => error);
    expect((again as LoadError).code).toBe('table_exists');
    expect(await runTablesLoad(plan(job(10, 'teams'), { mode: 'truncate' }))).toEqual({ parents: 10, children: 19 });
    expect(count('teams')).toBe(10);
    expect(count('teams_players')).toBe(19);
  });

  it('shards loading in parallel with append: the rows of one run, every key resolving', async () => {
    const total = 4001;
    await Promise.all(
      [0, 1, 2, 3].map((k) =>
        runTablesLoad(
          plan(job(total, 'sharded', { range: shardRange(total, k, 4) }), { mode: 'append', shared: true }),
        ),
      ),
    );
    expect(count('sharded')).toBe(total);
    expect(count('sharded_players')).toBe(players(total));
    expect(orphans('sharded')).toBe(0);
  });

  it('a load stopped mid-way (the CLI: SIGINT) or failing leaves neither table', async () => {
    const stop = new AbortController();
    const stopped = await runTablesLoad(
      plan(job(2_000_000, 'stopped'), {
        signal: stop.signal,
        onProgress: (sent) => {
          if (sent >= 20_000) stop.abort(new Error('interrupted by SIGINT'));
        },
      }),
    ).catch((error: unknown) => error);
    expect((stopped as LoadError).code).toBe('aborted');
    expect(db.exists('stopped')).toBe(false);
    expect(db.exists('stopped_players')).toBe(false);

    // A players table that cannot hold the rows (born a number) is refused once the load has created the teams table:
    // that one is gone again (rolled back; MariaDB, whose CREATE TABLE commits by itself, drops it).
    db.scalar(
      `CREATE TABLE ${db.quote('failing_players')} (id CHAR(36), ${db.quote('teamId')} CHAR(36), name TEXT, born INTEGER)`,
    );
    const failed = await runTablesLoad(plan(job(500, 'failing'), { mode: 'append' })).catch((error: unknown) => error);
    expect((failed as LoadError).code).toBe('table_mismatch');
    expect((failed as LoadError).message).toContain('has column born as int');
    expect(db.exists('failing')).toBe(false);
    expect(count('failing_players')).toBe(0);
  });
});
