// `--to sqlite:PATH` and load() into real SQLite files (better-sqlite3, the sqlite3 shell).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createGenerator, FIELD_NAMES, MAX_INDEX } from '../../src/index.js';
import { load, LoadError } from '../../src/load.js';
import { MIN_THREADED_RECORDS } from '../../src/load/default-load-jobs.js';
import { finished, runBinary, startBinary } from '../cli/run-binary.js';
import { libraryRows, sorted, stderrMatching, until } from './load-test-helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-sqlite-load-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function read(file: string, sql: string): Record<string, unknown>[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

const count = (file: string, table: string): number =>
  Number((read(file, `SELECT count(*) AS n FROM "${table}"`)[0] as { n: number }).n);
const tableExists = (file: string, table: string): boolean =>
  read(file, `SELECT name FROM sqlite_master WHERE type = 'table' AND name = '${table}'`).length === 1;

describe('--to sqlite:PATH', () => {
  it('loads every field exactly, typed, and keeps the file journal mode', async () => {
    const file = join(scratch, 'round-trip.db');
    execFileSync('sqlite3', [file, 'PRAGMA journal_mode = WAL;']);
    const result = await runBinary([
      'address',
      '--seed',
      'sqlite',
      '--count',
      '4000',
      '--geo',
      '--to',
      `sqlite:${file}`,
      '--table',
      'people',
    ]);
    expect(result.status).toBe(0);
    expect(sorted(read(file, 'SELECT * FROM people'))).toEqual(sorted(libraryRows('sqlite', 4000, true)));
    expect(read(file, 'PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    expect(read(file, 'SELECT typeof(lat) AS lat, typeof(zip) AS zip FROM people LIMIT 1')).toEqual([
      { lat: 'real', zip: 'text' },
    ]);
  });

  it('--jobs 1 inserts the records on one thread, --jobs 3 renders them (SQL row tuples) on two workers: every catalogue field the same, typed', async () => {
    const fields = FIELD_NAMES.map((field) => (field === 'index' ? 'record_index=index' : field));
    const expected = createGenerator({ seed: 'jobs' }).addresses({
      start: 0,
      count: 7000,
      fields,
    }) as unknown as Record<string, unknown>[];
    for (const jobs of ['1', '3']) {
      const file = join(scratch, `jobs-${jobs}.db`);
      const result = await runBinary([
        'address',
        '--seed',
        'jobs',
        '--count',
        '7000',
        '--fields',
        fields.join(','),
        '--to',
        `sqlite:${file}`,
        '--table',
        'people',
        '--jobs',
        jobs,
      ]);
      expect(result.status).toBe(0);
      expect(read(file, 'SELECT * FROM people ORDER BY rowid')).toEqual(expected);
    }
  });

  it('without --jobs, a load of MIN_THREADED_RECORDS or more (on two threads where there are two cores) gives the rows of the run in order', async () => {
    const file = join(scratch, 'default-jobs.db');
    const records = MIN_THREADED_RECORDS + 1234;
    const result = await runBinary([
      'address',
      '--seed',
      'default-jobs',
      '--count',
      String(records),
      '--to',
      `sqlite:${file}`,
      '--table',
      'people',
    ]);
    expect(result.status).toBe(0);
    expect(read(file, 'SELECT * FROM people ORDER BY rowid')).toEqual(libraryRows('default-jobs', records));
  });

  it('every catalogue field round-trips through load() with fields', async () => {
    const file = join(scratch, 'fields.db');
    const fields = FIELD_NAMES.map((field) => (field === 'index' ? 'record_index=index' : field));
    await load({ to: `sqlite:${file}`, table: 'every_field', count: 2000, seed: 'fields', fields });
    const expected = createGenerator({ seed: 'fields' }).addresses({
      start: 0,
      count: 2000,
      fields,
    }) as unknown as Record<string, unknown>[];
    expect(sorted(read(file, 'SELECT * FROM every_field'))).toEqual(sorted(expected));
    const types = read(file, "SELECT name, type FROM pragma_table_info('every_field')").map(
      (row) => `${String(row.name)} ${String(row.type)}`,
    );
    expect(types).toContain('birthDate DATE');
    expect(types).toContain('record_index INTEGER');
  });

  it('--fields names and types the columns; --dry-run prints the DDL and the first rows and touches nothing', async () => {
    const file = join(scratch, 'cli-fields.db');
    const fields = 'id=uuid,first_name=firstName,birth_date=birthDate,n=index,state,lat';
    const dry = await runBinary([
      'address',
      '--seed',
      'cli',
      '--count',
      '700',
      '--fields',
      fields,
      '--to',
      `sqlite:${file}`,
      '--table',
      'people',
      '--dry-run',
    ]);
    expect(dry.status).toBe(0);
    const text = dry.stdout.toString('utf8');
    expect(text).toContain(
      '-- dry run: nothing is connected. Would load records 0..699 (700 rows) into people at sqlite:',
    );
    expect(text).toContain(
      'CREATE TABLE "people" (\n  "id" TEXT NOT NULL,\n  "first_name" TEXT NOT NULL,\n  "birth_date" DATE NOT NULL,\n  "n" INTEGER NOT NULL,\n  "state" TEXT NOT NULL,\n  "lat" REAL NOT NULL\n);',
    );
    expect(text.match(/^\('/gm)).toHaveLength(5);
    expect(existsSync(file)).toBe(false);
    const result = await runBinary([
      'address',
      '--seed',
      'cli',
      '--count',
      '700',
      '--fields',
      fields,
      '--to',
      `sqlite:${file}`,
      '--table',
      'people',
    ]);
    expect(result.status).toBe(0);
    const expected = createGenerator({ seed: 'cli' }).addresses({ start: 0, count: 700, fields }) as unknown as Record<
      string,
      unknown
    >[];
    expect(sorted(read(file, 'SELECT * FROM people'))).toEqual(sorted(expected));
  });

  it('counts in agreement with the number: "loaded 1 row", "(1 row)", "a commit every 1 record"', async () => {
    const file = join(scratch, 'one-row.db');
    const args = ['address', '--seed', 'one', '--count', '1', '--to', `sqlite:${file}`, '--table', 'people'];
    const dry = await runBinary([...args, '--commit-every', '1', '--dry-run']);
    expect(dry.status).toBe(0);
    const text = dry.stdout.toString('utf8');
    expect(text).toContain('Would load records 0..0 (1 row) into people');
    expect(text).toContain('-- in a commit every 1 record; ');
    expect(text).toContain('The DDL and the first 1 row:');
    const one = await runBinary(args);
    expect(one.status).toBe(0);
    expect(one.stderr).toMatch(/^loaded 1 row into people in [0-9.]+ s\n$/);
    const two = await runBinary([
      'address',
      '--seed',
      'one',
      '--count',
      '2',
      '--to',
      `sqlite:${file}`,
      '--table',
      'people',
      '--append',
    ]);
    expect(two.stderr).toMatch(/^loaded 2 rows into people in [0-9.]+ s\n$/);
  });

  it('an existing table: refused without --append/--truncate; incompatible and missing columns refused before any row', async () => {
    const file = join(scratch, 'existing.db');
    const args = ['address', '--seed', 'e', '--count', '100', '--to', `sqlite:${file}`, '--table', 'people'];
    expect((await runBinary(args)).status).toBe(0);
    const again = await runBinary(args);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('already exists');
    expect((await runBinary([...args, '--append'])).status).toBe(0);
    expect(count(file, 'people')).toBe(200);
    expect((await runBinary([...args, '--truncate'])).status).toBe(0);
    expect(count(file, 'people')).toBe(100);
    execFileSync('sqlite3', [
      file,
      'CREATE TABLE geo (name TEXT, street TEXT, city TEXT, state TEXT, zip TEXT, phone TEXT, email TEXT, country TEXT, lat TEXT, lon REAL)',
    ]);
    const wrong = await runBinary([
      'address',
      '--count',
      '5',
      '--geo',
      '--to',
      `sqlite:${file}`,
      '--table',
      'geo',
      '--append',
    ]);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('has column lat as text, which cannot hold double values; has no column county');
    expect(count(file, 'geo')).toBe(0);
  });

  it('SIGINT mid-load leaves the file without the table; --commit-every leaves whole chunks and resumes exactly', async () => {
    const file = join(scratch, 'interrupted.db');
    const child = startBinary([
      'address',
      '--seed',
      'i',
      '--count',
      '50000000',
      '--to',
      `sqlite:${file}`,
      '--table',
      'big',
      '--commit-every',
      '50000000',
    ]);
    const result = finished(child);
    // The file is opened after the signal handlers are in place; then rows are going in.
    await until(() => existsSync(file), 60_000, 'the database file');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    child.kill('SIGINT');
    const { status, stderr } = await result;
    expect(status).toBe(130);
    expect(stderr).toContain('rolled back');
    expect(tableExists(file, 'big')).toBe(false);

    const args = [
      'address',
      '--seed',
      'chunks',
      '--count',
      '60000',
      '--to',
      `sqlite:${file}`,
      '--commit-every',
      '5000',
    ];
    const chunked = startBinary([...args, '--table', 'chunked']);
    const done = finished(chunked);
    await stderrMatching(chunked, /--start 10000 --append\n/);
    chunked.kill('SIGKILL');
    await done;
    const committed = count(file, 'chunked');
    expect(committed % 5000).toBe(0);
    expect(committed).toBeGreaterThanOrEqual(10_000);
    expect((await runBinary([...args, '--table', 'chunked', '--start', String(committed), '--append'])).status).toBe(0);
    expect(sorted(read(file, 'SELECT * FROM chunked'))).toEqual(sorted(libraryRows('chunks', 60_000)));
  });

  it('a chunk that fails on the inserting thread (it renders the first while the worker starts) fails the load and rolls it back', async () => {
    // The built runLoad, so that its worker runs the built chunk-worker.js.
    const { runLoad } = (await import(
      new URL('../../dist/load/run-load.js', import.meta.url).href
    )) as typeof import('../../src/load/run-load.js');
    const { parseLoadTarget } = (await import(
      new URL('../../dist/load/load-target.js', import.meta.url).href
    )) as typeof import('../../src/load/load-target.js');
    const { jobLoadColumns } = (await import(
      new URL('../../dist/records/record-job.js', import.meta.url).href
    )) as typeof import('../../src/records/record-job.js');
    const file = join(scratch, 'failing-chunk.db');
    // The first chunk runs past the last record index; the main thread renders it before the worker can have posted that it is ready.
    const job = {
      kind: 'address',
      seed: 'past',
      fictionalPhones: false,
      format: 'copy',
      table: 'past',
      jsonShape: 'array',
      count: 10_000,
      range: { first: MAX_INDEX + 1 - 1000, end: MAX_INDEX + 1 + 9000 },
    } as const;
    const failure = await runLoad({
      target: parseLoadTarget(`sqlite:${file}`),
      table: 'past',
      columns: jobLoadColumns(job),
      job,
      jobs: 2,
      mode: 'create',
      shared: false,
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'load_failed', committed: 0 });
    expect((failure as Error).message).toMatch(
      /start must be a non-negative safe integer, got 9007199254740992; the open transaction was rolled back$/,
    );
    expect(tableExists(file, 'past')).toBe(false);
  });

  it('shards loaded in parallel into one file take turns and equal one run', async () => {
    const file = join(scratch, 'shards.db');
    const args = [
      'address',
      '--seed',
      'shards',
      '--count',
      '9999',
      '--to',
      `sqlite:${file}`,
      '--table',
      'sharded',
      '--append',
    ];
    const results = await Promise.all([0, 1, 2].map((k) => runBinary([...args, '--shard', `${k}/3`])));
    for (const result of results) expect(result.status).toBe(0);
    expect(sorted(read(file, 'SELECT * FROM sharded'))).toEqual(sorted(libraryRows('shards', 9999)));
  });

  it('load() refuses bad options with a LoadError before touching the file', async () => {
    const file = join(scratch, 'never.db');
    const attempts: [Parameters<typeof load>[0], string][] = [
      [{ to: 'sqlite:', count: 1 }, 'needs a file path'],
      [{ to: `sqlite:${file}`, count: 0 }, 'count must be a whole number'],
      [{ to: `sqlite:${file}`, count: 10, table: 'bad-name' }, 'table must be an SQL identifier'],
      [{ to: `sqlite:${file}`, count: 10, shard: { index: 1, total: 2 } }, 'give append: true'],
      [{ to: `sqlite:${file}`, count: 10, fields: ['nope'] }, 'unknown field "nope"'],
    ];
    for (const [options, message] of attempts) {
      const error = await load(options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LoadError);
      expect((error as LoadError).code).toBe('invalid_load_option');
      expect((error as Error).message).toContain(message);
    }
    expect(() => read(file, 'SELECT 1')).toThrow();
  });
});
