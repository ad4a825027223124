import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createGenerator, type Company } from '../../../src/index.js';
import { parseRecords } from '../parse-output.js';
import { runBinary } from '../run-binary.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-company-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const COLUMNS = [
  'id',
  'name',
  'legalForm',
  'ein',
  'naics',
  'naicsTitle',
  'npi',
  'line1',
  'line2',
  'city',
  'state',
  'zip',
  'lat',
  'lon',
  'county',
  'countyFips',
  'timeZone',
  'phone',
  'domain',
  'website',
  'email',
  'employees',
  'founded',
  'incorporationState',
];
/** CSV is text throughout: the three numbers back to numbers. */
const typed = (r: Record<string, unknown>) => ({
  ...r,
  lat: Number(r.lat),
  lon: Number(r.lon),
  employees: Number(r.employees),
});

describe('ussynth company', () => {
  it("prints one company by default, the library's companyAt(0)", async () => {
    const { status, stdout } = await runBinary(['company', '--seed', '42']);
    expect(status).toBe(0);
    expect(JSON.parse(stdout.toString('utf8'))).toEqual(createGenerator({ seed: '42' }).companyAt(0));
  });

  for (const format of ['json', 'ndjson', 'csv', 'sql']) {
    it(`--format ${format} parses back to the library's companies(), with --state`, async () => {
      const args = ['company', '--seed', 'c', '--count', '1001', '--state', 'tx', '--format', format];
      const { status, stdout } = await runBinary(args);
      expect(status).toBe(0);
      const records = parseRecords(format, stdout, 'companies') as Record<string, unknown>[];
      expect(Object.keys(records[0])).toEqual(COLUMNS);
      const expected = createGenerator({ seed: 'c' }).companies({ count: 1001, state: 'TX' });
      expect(format === 'csv' ? records.map(typed) : records).toEqual(expected);
    });
  }

  it('--to sqlite:PATH loads a real SQLite file: every company, typed (REAL, INTEGER, DATE as text)', async () => {
    const file = join(scratch, 'companies.db');
    const { status } = await runBinary(['company', '--seed', 'db', '--count', '3000', '--to', `sqlite:${file}`]);
    expect(status).toBe(0);
    const db = new Database(file, { readonly: true });
    try {
      const rows = db.prepare('SELECT * FROM companies ORDER BY rowid').all();
      expect(rows).toEqual(createGenerator({ seed: 'db' }).companies({ count: 3000 }));
      expect(
        db.prepare('SELECT typeof(lat) AS lat, typeof(employees) AS employees FROM companies LIMIT 1').get(),
      ).toEqual({
        lat: 'real',
        employees: 'integer',
      });
    } finally {
      db.close();
    }
  });

  it('--format parquet writes every company, read back by DuckDB', async () => {
    const file = join(scratch, 'companies.parquet');
    const { status } = await runBinary([
      'company',
      '--seed',
      'pq',
      '--count',
      '2500',
      '--format',
      'parquet',
      '--out',
      file,
    ]);
    expect(status).toBe(0);
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      const rows = (
        await connection.runAndReadAll(`SELECT * FROM read_parquet('${file}')`)
      ).getRowObjectsJS() as Record<string, unknown>[];
      const expected = createGenerator({ seed: 'pq' }).companies({ count: 2500 });
      expect(rows).toHaveLength(2500);
      // DuckDB gives BIGINT as bigint and DATE as a Date: compare them in the library's form.
      const back = rows.map((r) => ({
        ...r,
        employees: Number(r.employees),
        founded: r.founded instanceof Date ? r.founded.toISOString().slice(0, 10) : r.founded,
      })) as unknown as Company[];
      expect(back).toEqual(expected);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });

  it('refuses bad input with a message and a non-zero exit, writing nothing', async () => {
    for (const [args, message] of [
      [['--state', 'XX'], /state must be a two-letter US state/],
      [['--state', 'AE'], /valid for ZIP lookup only/],
      [['--count', '0'], /--count must be a whole number/],
      [['--geo'], /Unknown option '--geo'/],
      [['--fields', 'name'], /Unknown option '--fields'/],
    ] as const) {
      const { status, stdout, stderr } = await runBinary(['company', ...args]);
      expect(status, args.join(' ')).not.toBe(0);
      expect(stderr).toMatch(message);
      expect(stdout.length).toBe(0);
    }
  });
});
