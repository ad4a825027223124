// `ussynth household`, the real binary: households and their people as nested JSON, as two files, and as two tables
// joined by a FOREIGN KEY in real SQLite files, PostgreSQL and MariaDB started on loopback; SIGINT mid-load and bad
// input leave no table and no file.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator } from '../../../src/index.js';
import { startMariadb, type TestMariadb } from '../../infra/mariadb-server.js';
import { psql, startPostgres, type TestPostgres } from '../../infra/postgres-server.js';
import { sorted, until } from '../../load/load-test-helpers.js';
import { finished, runBinary, startBinary } from '../run-binary.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-household-'));
let postgres: TestPostgres;
let mariadb: TestMariadb;

beforeAll(async () => {
  [postgres, mariadb] = await Promise.all([startPostgres(), startMariadb()]);
}, 180_000);

afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  postgres?.destroy();
  await mariadb?.destroy();
});

const households = (seed: string, count: number, start = 0) =>
  createGenerator({ seed }).households({ start, count }) as unknown as (Record<string, unknown> & {
    members: Record<string, unknown>[];
  })[];
const rowsOf = (list: ReturnType<typeof households>) => list.map(({ members, ...row }) => row);
const peopleOf = (list: ReturnType<typeof households>) => list.flatMap(({ members }) => members);

function sqlite(file: string, sql: string): Record<string, unknown>[] {
  const db = new Database(file);
  try {
    db.pragma('foreign_keys = ON');
    return db.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

describe('ussynth household', () => {
  it('writes the library households with their members, nested, as JSON and NDJSON', async () => {
    const json = await runBinary(['household', '--seed', 'h', '--count', '300']);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout.toString('utf8'))).toEqual(households('h', 300));
    const one = await runBinary(['household', '--seed', 'h', '--start', '0', '--state', 'TX']);
    expect(JSON.parse(one.stdout.toString('utf8'))).toEqual(
      createGenerator({ seed: 'h' }).householdAt(0, { state: 'TX' }),
    );
    const ndjson = await runBinary([
      'household',
      '--seed',
      'h',
      '--count',
      '1000',
      '--start',
      '700',
      '--format',
      'ndjson',
    ]);
    const lines = ndjson.stdout.toString('utf8').trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual(households('h', 300, 700));
  });

  it('--out DIR/ writes households.csv and people.csv; shards by household concatenate to the whole run', async () => {
    const whole = join(scratch, 'csv/');
    expect(
      (await runBinary(['household', '--seed', 'h', '--count', '2000', '--format', 'csv', '--out', whole])).status,
    ).toBe(0);
    const people = readFileSync(join(whole, 'people.csv'), 'utf8').trimEnd().split('\n');
    expect(people.length - 1).toBe(peopleOf(households('h', 2000)).length);
    for (const table of ['households', 'people']) {
      const parts: string[] = [];
      for (let k = 0; k < 3; k++) {
        const dir = join(scratch, `csv-${k}/`);
        if (table === 'households')
          expect(
            (
              await runBinary([
                'household',
                '--seed',
                'h',
                '--count',
                '2000',
                '--shard',
                `${k}/3`,
                '--format',
                'csv',
                '--out',
                dir,
              ])
            ).status,
          ).toBe(0);
        parts.push(readFileSync(join(dir, `${table}.csv`), 'utf8'));
      }
      expect(parts.join('')).toBe(readFileSync(join(whole, `${table}.csv`), 'utf8'));
    }
  });

  it('SIGINT while writing --out DIR/ removes both temporary files and leaves the folder as it was', async () => {
    const dir = join(scratch, 'interrupted-files/');
    const child = startBinary(['household', '--seed', 'i', '--count', '5000000', '--format', 'csv', '--out', dir]);
    const result = finished(child);
    await until(() => existsSync(dir) && readdirSync(dir).length === 2, 60_000, 'the two temporary files');
    expect(readdirSync(dir).every((name) => name.startsWith('.') && name.endsWith('.tmp'))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    child.kill('SIGINT');
    const { status, stderr } = await result;
    expect(status).toBe(130);
    expect(stderr).toMatch(
      /^ussynth: interrupted by SIGINT; removed the partial .*households\.csv and .*people\.csv\n$/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('--to sqlite: creates households and people with their keys; foreign keys enforced and every one resolving', async () => {
    const file = join(scratch, 'households.db');
    const result = await runBinary(['household', '--seed', 'h', '--count', '3000', '--to', `sqlite:${file}`]);
    expect(result.status).toBe(0);
    const expected = households('h', 3000);
    expect(result.stderr).toMatch(
      new RegExp(
        `^loaded 3000 rows into households and ${peopleOf(expected).length} rows into people in [0-9.]+ s\\n$`,
      ),
    );
    expect(sqlite(file, 'PRAGMA foreign_key_check')).toEqual([]);
    expect(sqlite(file, 'PRAGMA foreign_key_list(people)')).toMatchObject([
      { table: 'households', from: 'householdId', to: 'id' },
    ]);
    expect(sqlite(file, 'SELECT * FROM households ORDER BY rowid')).toEqual(rowsOf(expected));
    expect(sqlite(file, 'SELECT * FROM people ORDER BY rowid')).toEqual(peopleOf(expected));
    // Every household's size is its number of people in the table.
    expect(
      sqlite(
        file,
        'SELECT count(*) AS n FROM households h WHERE size <> (SELECT count(*) FROM people p WHERE p.householdId = h.id)',
      ),
    ).toEqual([{ n: 0 }]);
  });

  it('SIGINT mid-load into SQLite leaves neither table', async () => {
    const file = join(scratch, 'interrupted.db');
    const child = startBinary(['household', '--seed', 'i', '--count', '5000000', '--to', `sqlite:${file}`]);
    const result = finished(child);
    await until(() => existsSync(file), 60_000, 'the database file');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    child.kill('SIGINT');
    const { status, stderr } = await result;
    expect(status).toBe(130);
    expect(stderr).toContain('interrupted by SIGINT');
    expect(stderr).toContain('rolled back');
    expect(sqlite(file, "SELECT name FROM sqlite_master WHERE type = 'table'")).toEqual([]);
  });

  it('--to postgres:// loads both tables with the keys; SIGINT mid-load leaves neither', async () => {
    const url = postgres.createDatabase('households');
    expect((await runBinary(['household', '--seed', 'p', '--count', '2500', '--to', url])).status).toBe(0);
    const expected = households('p', 2500);
    expect(Number(psql(url, 'SELECT count(*) FROM households'))).toBe(2500);
    expect(Number(psql(url, 'SELECT count(*) FROM people'))).toBe(peopleOf(expected).length);
    expect(
      Number(
        psql(url, 'SELECT count(*) FROM people p LEFT JOIN households h ON h.id = p."householdId" WHERE h.id IS NULL'),
      ),
    ).toBe(0);
    expect(
      psql(
        url,
        `SELECT confrelid::regclass::text FROM pg_constraint WHERE conrelid = 'people'::regclass AND contype = 'f'`,
      ),
    ).toBe('households');
    expect(psql(url, `SELECT "birthDate"::text FROM people WHERE id = '${peopleOf(expected)[9].id}'`)).toBe(
      peopleOf(expected)[9].birthDate,
    );

    const stopped = postgres.createDatabase('stopped');
    const child = startBinary(['household', '--seed', 'p', '--count', '5000000', '--to', stopped]);
    const result = finished(child);
    await until(
      () => psql(stopped, "SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'COPY%'") !== '0',
      60_000,
      'a COPY',
    );
    child.kill('SIGINT');
    expect((await result).status).toBe(130);
    expect(psql(stopped, "SELECT to_regclass('households') IS NULL AND to_regclass('people') IS NULL")).toBe('t');
  });

  it('--to mysql:// (MariaDB) loads both tables with the keys; --truncate replaces both', async () => {
    const url = mariadb.url();
    expect((await runBinary(['household', '--seed', 'm', '--count', '2000', '--to', url])).status).toBe(0);
    const count = (sql: string) => Number(mariadb.sql(sql, 'load').trim());
    expect(count('SELECT count(*) FROM households')).toBe(2000);
    expect(count('SELECT count(*) FROM people')).toBe(peopleOf(households('m', 2000)).length);
    expect(
      count('SELECT count(*) FROM people p LEFT JOIN households h ON h.id = p.householdId WHERE h.id IS NULL'),
    ).toBe(0);
    expect(
      count(
        `SELECT count(*) FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = 'load' AND TABLE_NAME = 'people' AND REFERENCED_TABLE_NAME = 'households'`,
      ),
    ).toBe(1);
    expect((await runBinary(['household', '--seed', 'm', '--count', '10', '--truncate', '--to', url])).status).toBe(0);
    expect(count('SELECT count(*) FROM households')).toBe(10);
    expect(
      sorted(
        JSON.parse(
          `[${mariadb.sql("SELECT CONCAT('\"', id, '\"') FROM people", 'load').trim().split('\n').join(',')}]`,
        ),
      ),
    ).toEqual(sorted(peopleOf(households('m', 10)).map(({ id }) => id)));
  });

  it('bad input: a clear message, exit 2, and no file or table', async () => {
    const file = join(scratch, 'refused.db');
    const dir = join(scratch, 'refused/');
    const cases: [string[], string][] = [
      [['households'], 'unknown command "households"'],
      [['household', '--count', '0', '--to', `sqlite:${file}`], '--count must be a whole number from 1'],
      [
        ['household', '--count', '5', '--start', '9', '--to', `sqlite:${file}`],
        '--start must be a household index from 0 to 4',
      ],
      [
        ['household', '--count', '3', '--fields', 'ein', '--format', 'csv', '--out', dir],
        '"ein" is not a field of people',
      ],
      [
        ['household', '--count', '3', '--fields', 'name,email', '--to', `sqlite:${file}`],
        '--fields leaves out people.householdId',
      ],
      [
        ['household', '--count', '3', '--fields', 'households.zip', '--format', 'csv', '--out', dir],
        '--fields leaves out households.id, the key people.householdId refers to',
      ],
      [['household', '--state', 'ZZ', '--to', `sqlite:${file}`], '--state: state must be a two-letter'],
      [['household', '--count', '3', '--format', 'csv'], 'give a folder: --out DIR/'],
      [
        ['household', '--count', '3', '--format', 'parquet', '--out', join(scratch, 'one.parquet')],
        'give a folder: --out DIR/',
      ],
    ];
    for (const [args, message] of cases) {
      const result = await runBinary(args);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stdout.length).toBe(0);
    }
    expect(existsSync(file)).toBe(false);
    expect(existsSync(dir)).toBe(false);
    expect(readdirSync(scratch).filter((name) => name.includes('refused') || name.includes('one.'))).toEqual([]);
  });
});
