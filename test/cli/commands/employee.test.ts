// `ussynth employee --company N|A-B`, the real binary: companies and their employees as nested JSON, as two files,
// and as two tables joined by a FOREIGN KEY in real SQLite files and PostgreSQL; shards by company; bad input.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator } from '../../../src/index.js';
import { psql, startPostgres, type TestPostgres } from '../../infra/postgres-server.js';
import { runBinary } from '../run-binary.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-employee-'));
let postgres: TestPostgres;

beforeAll(async () => {
  postgres = await startPostgres();
}, 180_000);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  postgres?.destroy();
});

const gen = createGenerator({ seed: 'e' });
/** Companies first..last with employees start..start+count-1 of each (cut to its headcount). */
function expected(first: number, last: number, count?: number, start = 0) {
  const out = [];
  for (let index = first; index <= last; index++) {
    const company = gen.companyAt(index);
    const end = count === undefined ? company.employees : Math.min(company.employees, start + count);
    out.push({
      company,
      employees: start < end ? gen.employees({ company: index, start, count: end - start }) : [],
    });
  }
  return out;
}

function sqlite(file: string, sql: string): Record<string, unknown>[] {
  const db = new Database(file);
  try {
    db.pragma('foreign_keys = ON');
    return db.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

describe('ussynth employee', () => {
  it('writes a company with its employees nested; --count and --start choose the employees', async () => {
    const one = await runBinary(['employee', '--seed', 'e', '--company', '3', '--count', '40', '--start', '2']);
    expect(one.status).toBe(0);
    expect(JSON.parse(one.stdout.toString('utf8'))).toEqual(expected(3, 3, 40, 2)[0]);
    const all = await runBinary(['employee', '--seed', 'e', '--company', '5']);
    expect(JSON.parse(all.stdout.toString('utf8'))).toEqual(expected(5, 5)[0]);
    const range = await runBinary([
      'employee',
      '--seed',
      'e',
      '--company',
      '10-14',
      '--count',
      '3',
      '--format',
      'ndjson',
    ]);
    const lines = range.stdout.toString('utf8').trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual(expected(10, 14, 3));
  });

  it('--to sqlite: companies and employees with their keys; shards by company load the same rows', async () => {
    const file = join(scratch, 'staff.db');
    const result = await runBinary([
      'employee',
      '--seed',
      'e',
      '--company',
      '0-59',
      '--count',
      '25',
      '--to',
      `sqlite:${file}`,
    ]);
    expect(result.status).toBe(0);
    const want = expected(0, 59, 25);
    expect(sqlite(file, 'PRAGMA foreign_key_check')).toEqual([]);
    expect(sqlite(file, 'PRAGMA foreign_key_list(employees)')).toMatchObject([
      { table: 'companies', from: 'companyId', to: 'id' },
    ]);
    expect(sqlite(file, 'SELECT id FROM companies ORDER BY rowid')).toEqual(
      want.map(({ company }) => ({ id: company.id })),
    );
    expect(sqlite(file, 'SELECT * FROM employees ORDER BY rowid')).toEqual(want.flatMap(({ employees }) => employees));
    // Every work e-mail is at its company's domain.
    expect(
      sqlite(
        file,
        "SELECT count(*) AS n FROM employees e JOIN companies c ON c.id = e.companyId WHERE e.email NOT LIKE '%@' || c.domain",
      ),
    ).toEqual([{ n: 0 }]);

    const sharded = join(scratch, 'sharded.db');
    for (let k = 0; k < 3; k++) {
      const shard = await runBinary([
        'employee',
        '--seed',
        'e',
        '--company',
        '0-59',
        '--count',
        '25',
        '--shard',
        `${k}/3`,
        '--append',
        '--to',
        `sqlite:${sharded}`,
      ]);
      expect(shard.status).toBe(0);
    }
    expect(sqlite(sharded, 'SELECT * FROM employees ORDER BY rowid')).toEqual(
      sqlite(file, 'SELECT * FROM employees ORDER BY rowid'),
    );
    expect(sqlite(sharded, 'PRAGMA foreign_key_check')).toEqual([]);
  });

  it('--out DIR/ writes companies.csv and employees.csv; --to postgres:// loads both with the keys', async () => {
    const dir = join(scratch, 'csv/');
    expect(
      (
        await runBinary([
          'employee',
          '--seed',
          'e',
          '--company',
          '0-9',
          '--count',
          '10',
          '--format',
          'csv',
          '--out',
          dir,
        ])
      ).status,
    ).toBe(0);
    const want = expected(0, 9, 10);
    expect(readFileSync(join(dir, 'companies.csv'), 'utf8').trimEnd().split('\n').length).toBe(11);
    expect(readFileSync(join(dir, 'employees.csv'), 'utf8').trimEnd().split('\n').length).toBe(
      1 + want.flatMap(({ employees }) => employees).length,
    );

    const url = postgres.createDatabase('staff');
    expect(
      (await runBinary(['employee', '--seed', 'e', '--company', '0-29', '--count', '30', '--to', url])).status,
    ).toBe(0);
    const pgWant = expected(0, 29, 30);
    expect(Number(psql(url, 'SELECT count(*) FROM companies'))).toBe(30);
    expect(Number(psql(url, 'SELECT count(*) FROM employees'))).toBe(
      pgWant.flatMap(({ employees }) => employees).length,
    );
    expect(
      Number(
        psql(url, 'SELECT count(*) FROM employees e LEFT JOIN companies c ON c.id = e."companyId" WHERE c.id IS NULL'),
      ),
    ).toBe(0);
    expect(
      psql(
        url,
        `SELECT confrelid::regclass::text FROM pg_constraint WHERE conrelid = 'employees'::regclass AND contype = 'f'`,
      ),
    ).toBe('companies');
  });

  it('bad input: a clear message, exit 2, and no file or table', async () => {
    const file = join(scratch, 'refused.db');
    const dir = join(scratch, 'refused/');
    const cases: [string[], string][] = [
      [['employee', '--to', `sqlite:${file}`], '--company is required'],
      [['employee', '--company', '5-3', '--to', `sqlite:${file}`], '--company must be an index N or a range A-B'],
      [['employee', '--company', 'x', '--format', 'csv', '--out', dir], '--company must be an index N or a range A-B'],
      [
        ['employee', '--company', '1', '--count', '0', '--to', `sqlite:${file}`],
        '--count must be a whole number from 1',
      ],
      [
        ['employee', '--company', '1', '--shard', '1/2', '--append', '--to', `sqlite:${file}`],
        '--shard must be K/N with N from 1 to the count (1)',
      ],
      [
        ['employee', '--company', '1', '--fields', 'relationship', '--format', 'csv', '--out', dir],
        '"relationship" is not a field of employees',
      ],
      [
        ['employee', '--company', '1', '--fields', 'name,email', '--to', `sqlite:${file}`],
        '--fields leaves out employees.companyId',
      ],
      [
        ['employee', '--company', '1', '--fields', 'companies.name,companyId', '--to', `sqlite:${file}`],
        '--fields leaves out companies.id',
      ],
      [['employee', '--company', '1', '--state', 'AA', '--to', `sqlite:${file}`], '--state'],
    ];
    for (const [args, message] of cases) {
      const result = await runBinary([args[0], '--seed', 'e', ...args.slice(1)]);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stdout.length).toBe(0);
    }
    expect(existsSync(file)).toBe(false);
    expect(existsSync(dir)).toBe(false);
  });
});
