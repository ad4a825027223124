// Loads the SQL output into a real PostgreSQL server, started by this test on loopback
// (Debian's postgresql package; .ci/run installs it).
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotedTable, sqlFormat } from '../../../src/records/formats/sql-format.js';
import { createGenerator } from '../../../src/index.js';
import { psqlRun, startPostgres, type TestPostgres } from '../../infra/postgres-server.js';
import { runBinary } from '../../cli/run-binary.js';
import { splitRender } from './format-fixtures.js';

let postgres: TestPostgres;
const scratch = mkdtempSync(join(tmpdir(), 'ussynth-pg-sql-'));

beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);

afterAll(() => {
  postgres?.destroy();
  rmSync(scratch, { recursive: true, force: true });
});

const psql = (args: string[]): string => psqlRun(postgres.url(), args);

/** Rows in code-point order of their JSON: a heap table has no row order, so both sides are compared sorted. */
function sorted<T>(rows: readonly T[]): T[] {
  const key = (row: T): string => JSON.stringify(row);
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Loads SQL through psql and reads the table back through COPY ... CSV, sorted like `sorted`. */
function loadPostgres(sql: string, table: string): Record<string, string>[] {
  const file = join(scratch, `${table}.sql`);
  writeFileSync(file, sql);
  // psql runs as the postgres user when the tests run as root.
  chmodSync(scratch, 0o755);
  chmodSync(file, 0o644);
  psql(['-f', file]);
  const csv = psql(['-c', `COPY ${quotedTable(table)} TO STDOUT WITH (FORMAT csv, HEADER)`]);
  return sorted(parse(csv, { columns: true }) as Record<string, string>[]);
}

describe('SQL output in PostgreSQL', () => {
  it('ussynth address --format sql loads with the same rows as the library', async () => {
    const { status, stdout } = await runBinary([
      'address',
      '--seed',
      'pg',
      '--count',
      '1203',
      '--format',
      'sql',
      '--table',
      'Customers',
    ]);
    expect(status).toBe(0);
    expect(loadPostgres(stdout.toString('utf8'), 'Customers')).toEqual(
      sorted(createGenerator({ seed: 'pg' }).addresses({ count: 1203 })),
    );
  });

  it('--table schema.table loads into that schema (here a schema of its own)', async () => {
    psql(['-c', 'CREATE SCHEMA fixtures']);
    const { status, stdout } = await runBinary([
      'address',
      '--seed',
      'pg',
      '--count',
      '3',
      '--format',
      'sql',
      '--table',
      'fixtures.customers',
    ]);
    expect(status).toBe(0);
    expect(loadPostgres(stdout.toString('utf8'), 'fixtures.customers')).toEqual(
      sorted(createGenerator({ seed: 'pg' }).addresses({ count: 3 })),
    );
  });

  it('ein and phone SQL load too', async () => {
    const ein = await runBinary(['ein', '--seed', 'pg', '--count', '501', '--format', 'sql']);
    const generator = createGenerator({ seed: 'pg' });
    expect(loadPostgres(ein.stdout.toString('utf8'), 'eins')).toEqual(
      sorted(Array.from({ length: 501 }, (_, i) => generator.einAt(i))),
    );
    const phone = await runBinary(['phone', '--seed', 'pg', '--count', '20', '--format', 'sql', '--state', 'GU']);
    expect(loadPostgres(phone.stdout.toString('utf8'), 'phones')).toEqual(
      sorted(Array.from({ length: 20 }, (_, i) => generator.phoneAt(i, { state: 'GU' }))),
    );
  });

  it("--fields SQL loads into typed columns (UUID, BIGINT, DATE, DOUBLE PRECISION) with the library's values", async () => {
    const list = 'id=uuid,n=index,first_name=firstName,birth_date=birthDate,lat,line2';
    const { status, stdout } = await runBinary([
      'address',
      '--seed',
      'pg',
      '--count',
      '700',
      '--format',
      'sql',
      '--table',
      'users',
      '--fields',
      list,
    ]);
    expect(status).toBe(0);
    // COPY gives text: the numbers are read back, and rows are put in index order (n is the index).
    const rows = loadPostgres(stdout.toString('utf8'), 'users').map((r) => ({
      ...r,
      n: Number(r.n),
      lat: Number(r.lat),
    }));
    expect(rows.sort((a, b) => a.n - b.n)).toEqual(
      createGenerator({ seed: 'pg' }).addresses({ count: 700, fields: list }),
    );
    const types = psql([
      '-At',
      '-c',
      "SELECT column_name || ':' || data_type FROM information_schema.columns WHERE table_name = 'users' ORDER BY ordinal_position",
    ])
      .trim()
      .split('\n');
    expect(types).toEqual([
      'id:uuid',
      'n:bigint',
      'first_name:text',
      'birth_date:date',
      'lat:double precision',
      'line2:text',
    ]);
  });

  it('quotes, backslashes, line breaks and non-ASCII text survive, with a reserved word as table name', () => {
    const nasty = [
      "O'Brien",
      "''",
      '\\',
      'C:\\new\\table',
      'line\nbreak',
      'tab\there',
      'José Ñúñez',
      '😀',
      '"quoted"',
      '--comment',
      '/* c */',
      '$$dollar$$',
      ';',
    ];
    const records = nasty.map((text, i) => ({ order: text, value: nasty[(i + 5) % nasty.length] }));
    const sql = splitRender(
      sqlFormat({ columns: ['order', 'value'], table: 'select', jsonShape: 'array' }),
      records,
      [4],
    );
    expect(loadPostgres(sql, 'select')).toEqual(sorted(records));
  });
});
