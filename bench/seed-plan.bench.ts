// The seed planner on a 50-table database (issue 50: "the plan of a 50-table database read in under 2 s"): the CRM
// sample schema's six tables copied under eight prefixes (48 tables) plus two more, with their foreign keys, in real
// PostgreSQL, MariaDB and a SQLite file; each run reads the catalogue and builds the plan, five runs each, median.
// Run: npm run bench:seed-plan
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { readMysqlSchema } from '../src/seed/read-mysql-schema.js';
import { readPostgresSchema } from '../src/seed/read-postgres-schema.js';
import { readSqliteSchema } from '../src/seed/read-sqlite-schema.js';
import { buildSeedPlan } from '../src/seed/seed-plan.js';
import { startMariadb } from '../test/infra/mariadb-server.js';
import { psqlRun, startPostgres } from '../test/infra/postgres-server.js';
import { median } from './measure.js';

const PREFIXES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const EXTRA = (id: string) =>
  `CREATE TABLE tags (id ${id} PRIMARY KEY, label VARCHAR(40));\nCREATE TABLE notes (id ${id} PRIMARY KEY, body TEXT);\n`;

function fiftyTables(dialect: 'sqlite' | 'postgres' | 'mysql'): string {
  const ddl = readFileSync(new URL(`../test/fixtures/crm-schema/${dialect}.sql`, import.meta.url), 'utf8');
  const names = ['companies', 'households', 'people', 'contacts', 'accounts', 'addresses'];
  const copies = PREFIXES.map((prefix) =>
    names.reduce((text, name) => text.replace(new RegExp(`\\b${name}\\b`, 'g'), `${prefix}_${name}`), ddl),
  );
  const id = dialect === 'postgres' ? 'SERIAL' : dialect === 'mysql' ? 'INTEGER AUTO_INCREMENT' : 'INTEGER';
  return copies.join('\n') + EXTRA(id);
}

async function timed(run: () => Promise<number>): Promise<{ ms: number; tables: number }> {
  const times: number[] = [];
  let tables = 0;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    tables = await run();
    times.push(performance.now() - started);
  }
  return { ms: median(times), tables };
}

const results: Record<string, { ms: number; tables: number }> = {};
const scratch = mkdtempSync(join(tmpdir(), 'ussynth-seed-plan-bench-'));
const [postgres, mariadb] = await Promise.all([startPostgres(), startMariadb()]);
try {
  const url = postgres.createDatabase('fifty');
  psqlRun(url, ['-v', 'ON_ERROR_STOP=1', '-c', fiftyTables('postgres')]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  results.postgres = await timed(async () => {
    const schema = await readPostgresSchema((sql, params) => client.query(sql, [...params]).then((r) => r.rows));
    return buildSeedPlan(schema, { set: { 'notes.body': 'const:x', 'tags.label': 'const:x' } }).tables.length;
  });
  await client.end();

  mariadb.sql('CREATE DATABASE fifty');
  mariadb.sql(fiftyTables('mysql'), 'fifty');
  const db = await mysql.createConnection({ host: '127.0.0.1', port: mariadb.port, user: 'test', database: 'fifty' });
  results.mariadb = await timed(async () => {
    const schema = await readMysqlSchema(
      (sql, params) => db.query(sql, [...params]).then(([rows]) => rows as Record<string, unknown>[]),
      'fifty',
    );
    return buildSeedPlan(schema).tables.length;
  });
  await db.end();

  const file = join(scratch, 'fifty.sqlite');
  const setup = new Database(file);
  setup.exec(fiftyTables('sqlite'));
  setup.close();
  results.sqlite = await timed(async () => {
    const sqlite = new Database(file, { readonly: true });
    try {
      return buildSeedPlan(readSqliteSchema(sqlite)).tables.length;
    } finally {
      sqlite.close();
    }
  });
} finally {
  postgres.destroy();
  await mariadb.destroy();
  rmSync(scratch, { recursive: true, force: true });
}
for (const [database, { ms, tables }] of Object.entries(results))
  console.log(`${database}: ${tables} tables read and planned in ${ms.toFixed(1)} ms (median of 5; target < 2000 ms)`);
