// The databases the seed tests fill, and the checks they share: a fresh database per test, as a SQLite file or on the
// test's own PostgreSQL or MariaDB (test/infra), read through the test's client, not through the code under test.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { SqlDialect } from '../../src/records/columns/sql-dialect.js';
import type { TestMariadb } from '../infra/mariadb-server.js';
import type { TestPostgres } from '../infra/postgres-server.js';

/** One fresh database of one dialect, with every DATE read as its `YYYY-MM-DD` text in all three. */
export interface SeedTestDb {
  readonly dialect: SqlDialect;
  /** The URL `ussynth seed --to` and `parseLoadTarget` take. */
  readonly url: string;
  /** Runs statements (several, separated by `;`). */
  exec(sql: string): Promise<void>;
  all(sql: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** Where the databases live: a scratch folder for SQLite files, the servers the test file started. */
export interface SeedTestServers {
  readonly scratch: string;
  readonly postgres?: TestPostgres;
  readonly mariadb?: TestMariadb;
}

/** PostgreSQL's DATE type: its text, as SQLite and MariaDB (`dateStrings`) give it, not a Date at local midnight. */
const PG_DATE = 1082;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text') =>
    oid === PG_DATE ? String : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Creates database `name` of `dialect` and opens the test's connection to it. */
export async function openSeedTestDb(servers: SeedTestServers, dialect: SqlDialect, name: string): Promise<SeedTestDb> {
  if (dialect === 'sqlite') {
    const path = join(servers.scratch, `${name}.db`);
    const db = new Database(path);
    return {
      dialect,
      url: `sqlite:${path}`,
      exec: async (sql) => void db.exec(sql),
      all: async (sql) => db.prepare(sql).all() as Record<string, unknown>[],
      close: async () => void db.close(),
    };
  }
  if (dialect === 'postgres') {
    if (!servers.postgres) throw new Error('this test file started no PostgreSQL');
    const url = servers.postgres.createDatabase(name);
    const client = new pg.Client({ connectionString: url, types: pgTypes });
    await client.connect();
    return {
      dialect,
      url,
      exec: async (sql) => void (await client.query(sql)),
      all: async (sql) => (await client.query(sql)).rows,
      close: () => client.end(),
    };
  }
  const { mariadb } = servers;
  if (!mariadb) throw new Error('this test file started no MariaDB');
  mariadb.sql(`CREATE DATABASE ${name}`);
  const db = await mysql.createConnection({
    host: '127.0.0.1',
    port: mariadb.port,
    user: 'test',
    database: name,
    multipleStatements: true,
    dateStrings: true,
  });
  return {
    dialect,
    url: mariadb.url(name),
    exec: async (sql) => void (await db.query(sql)),
    all: async (sql) => (await db.query(sql))[0] as Record<string, unknown>[],
    close: () => db.end(),
  };
}

/** A table or column name quoted for the dialect. */
const quoteName = (dialect: SqlDialect, name: string): string => (dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);

/** The rows of `table`. */
export async function rowCount(db: SeedTestDb, table: string): Promise<number> {
  const [row] = await db.all(`SELECT count(*) AS n FROM ${quoteName(db.dialect, table)}`);
  return Number(row.n);
}

/** The database's base tables (PostgreSQL's `public` schema, MariaDB's database, SQLite's file), sorted. */
export async function tableNames(db: SeedTestDb): Promise<string[]> {
  const sql =
    db.dialect === 'sqlite'
      ? "SELECT name FROM sqlite_schema WHERE type = 'table'"
      : `SELECT table_name AS name FROM information_schema.tables
         WHERE table_schema = ${db.dialect === 'postgres' ? "'public'" : 'DATABASE()'} AND table_type = 'BASE TABLE'`;
  return (await db.all(sql)).map((row) => String(row.name)).sort();
}

/** Rows of `child` whose non-NULL `column` finds no `parent` row by `key` (a LEFT JOIN): 0 when every reference resolves. */
export async function orphanCount(
  db: SeedTestDb,
  child: string,
  column: string,
  parent: string,
  key = 'id',
): Promise<number> {
  const q = (name: string) => quoteName(db.dialect, name);
  const [row] = await db.all(
    `SELECT count(*) AS n FROM ${q(child)} c LEFT JOIN ${q(parent)} p ON p.${q(key)} = c.${q(column)}
     WHERE c.${q(column)} IS NOT NULL AND p.${q(key)} IS NULL`,
  );
  return Number(row.n);
}

/** Writes a schema file of 10 `small` rows and 50,000,000 `big` rows referencing them: a run to interrupt. */
export function writeBigSeedSchema(path: string): string {
  writeFileSync(
    path,
    JSON.stringify({
      tables: {
        small: { kind: 'plain', count: 10, columns: { id: 'sequence', n: 'int:1..9' } },
        big: { kind: 'plain', count: 50_000_000, columns: { id: 'sequence', small_id: '-> small.id', t: 'pick:a,b' } },
      },
    }),
  );
  return path;
}
