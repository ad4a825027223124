// A table `--to` created is loaded into again (--append, --truncate, a second shard, a --start resume) on every
// target: SQLite files, a real PostgreSQL and a real MariaDB on loopback, with every field of the catalogue.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator, FIELD_NAMES } from '../../src/index.js';
import { startMariadb, type TestMariadb } from '../infra/mariadb-server.js';
import { startPostgres, type TestPostgres } from '../infra/postgres-server.js';
import { runBinary } from '../cli/run-binary.js';
import { sorted } from './load-test-helpers.js';

// Every field, so every column type the loader creates (text, state, date, uuid, bigint, double) is loaded into again.
const FIELDS = FIELD_NAMES.map((field) => (field === 'index' ? 'record_index=index' : field)).join(',');
const SEED = 'reload';
const COUNT = 300;

const expected = (first: number, end: number): Record<string, unknown>[] =>
  createGenerator({ seed: SEED }).addresses({ start: first, count: end - first, fields: FIELDS }) as unknown as Record<
    string,
    unknown
  >[];

interface Target {
  to(): string;
  rows(table: string): Promise<Record<string, unknown>[]>;
}

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-reload-'));
let postgres: TestPostgres;
let mariadb: TestMariadb;

beforeAll(async () => {
  [postgres, mariadb] = await Promise.all([startPostgres(), startMariadb()]);
  postgres.createDatabase('reload');
}, 180_000);

afterAll(async () => {
  postgres?.destroy();
  await mariadb?.destroy();
  rmSync(scratch, { recursive: true, force: true });
});

// DATE as its text and BIGINT as a number, as the library's records have them.
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 1082 ? (text: string) => text : oid === 20 ? Number : pg.types.getTypeParser(oid, format ?? 'text'),
};

const targets: Record<string, Target> = {
  SQLite: {
    to: () => `sqlite:${join(scratch, 'reload.db')}`,
    async rows(table) {
      const db = new Database(join(scratch, 'reload.db'), { readonly: true });
      try {
        return db.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[];
      } finally {
        db.close();
      }
    },
  },
  PostgreSQL: {
    to: () => postgres.url('reload'),
    async rows(table) {
      const client = new pg.Client({ connectionString: postgres.url('reload'), types: pgTypes });
      await client.connect();
      try {
        return (await client.query(`SELECT * FROM "${table}"`)).rows as Record<string, unknown>[];
      } finally {
        await client.end();
      }
    },
  },
  MariaDB: {
    to: () => mariadb.url(),
    async rows(table) {
      const connection = await mysql.createConnection({
        host: '127.0.0.1',
        port: mariadb.port,
        user: 'test',
        database: 'load',
        dateStrings: true,
      });
      try {
        const [result] = await connection.query(`SELECT * FROM \`${table}\``);
        return (result as Record<string, unknown>[]).map((row) => ({ ...row }));
      } finally {
        await connection.end();
      }
    },
  },
};

async function loadInto(target: Target, table: string, extra: string[]): Promise<void> {
  const result = await runBinary([
    'address',
    '--seed',
    SEED,
    '--count',
    String(COUNT),
    '--fields',
    FIELDS,
    '--to',
    target.to(),
    '--table',
    table,
    ...extra,
  ]);
  expect(result.stderr).toMatch(/(^|\n)loaded [0-9]+ rows into /);
  expect(result.status).toBe(0);
}

describe.each(Object.keys(targets))('a table --to created is loaded into again: %s', (name) => {
  const target = targets[name];

  it('--append adds the rows and --truncate replaces them, every field type', async () => {
    await loadInto(target, 'again', []);
    await loadInto(target, 'again', ['--append']);
    expect(sorted(await target.rows('again'))).toEqual(sorted([...expected(0, COUNT), ...expected(0, COUNT)]));
    await loadInto(target, 'again', ['--truncate']);
    expect(sorted(await target.rows('again'))).toEqual(sorted(expected(0, COUNT)));
  });

  it('shard 1/2 after shard 0/2 made the table, and a --start resume after --commit-every, give the rows of one run', async () => {
    await loadInto(target, 'sharded', ['--shard', '0/2', '--append']);
    await loadInto(target, 'sharded', ['--shard', '1/2', '--append']);
    expect(sorted(await target.rows('sharded'))).toEqual(sorted(expected(0, COUNT)));
    // What a load stopped after its first commit leaves, then the documented resume.
    await loadInto(target, 'resumed', ['--shard', '0/2', '--append', '--commit-every', '50']);
    await loadInto(target, 'resumed', ['--start', String(COUNT / 2), '--append', '--commit-every', '50']);
    expect(sorted(await target.rows('resumed'))).toEqual(sorted(expected(0, COUNT)));
  });
});
