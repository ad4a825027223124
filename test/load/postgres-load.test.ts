// `--to postgres://` and load() against a real PostgreSQL started on loopback (Debian's postgresql; .ci/run installs it).
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator, FIELD_NAMES } from '../../src/index.js';
import { load, LoadError } from '../../src/load.js';
import { psql, startPostgres, type TestPostgres } from '../infra/postgres-server.js';
import { finished, runBinary, startBinary } from '../cli/run-binary.js';
import { libraryRows, packageWithoutDrivers, sorted, stderrMatching, until } from './load-test-helpers.js';

let postgres: TestPostgres;
let url: string;

beforeAll(async () => {
  postgres = await startPostgres({ passwordLogins: true });
  url = postgres.createDatabase('load');
}, 120_000);

afterAll(() => postgres?.destroy());

// DATE as its text and BIGINT as a number, as the library's records have them.
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 1082 ? (text: string) => text : oid === 20 ? Number : pg.types.getTypeParser(oid, format ?? 'text'),
};

async function rows(table: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url, types });
  await client.connect();
  try {
    return (await client.query(`SELECT * FROM ${table}`)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

const count = (table: string): number => Number(psql(url, `SELECT count(*) FROM ${table}`));
const exists = (table: string): boolean => psql(url, `SELECT to_regclass('${table}') IS NOT NULL`) === 't';
/** Rows of `a` not in `b` and of `b` not in `a`, with duplicates counted: 0 when the tables hold the same rows. */
const difference = (a: string, b: string): number =>
  Number(
    psql(
      url,
      `SELECT count(*) FROM ((TABLE ${a} EXCEPT ALL TABLE ${b}) UNION ALL (TABLE ${b} EXCEPT ALL TABLE ${a})) d`,
    ),
  );

describe('--to postgres://', () => {
  it('loads every field exactly: the table read back is the library records, typed', async () => {
    const result = await runBinary([
      'address',
      '--seed',
      'round-trip',
      '--count',
      '5000',
      '--geo',
      '--to',
      url,
      '--table',
      'people',
    ]);
    expect(result.stderr).toMatch(/^loaded 5000 rows into people in [0-9.]+ s\n$/);
    expect(result.status).toBe(0);
    expect(sorted(await rows('people'))).toEqual(sorted(libraryRows('round-trip', 5000, true)));
    const types = psql(
      url,
      `SELECT string_agg(column_name || ' ' || data_type, ', ' ORDER BY ordinal_position) FROM information_schema.columns WHERE table_name = 'people'`,
    );
    expect(types).toBe(
      'name text, street text, city text, state character, zip text, phone text, email text, country text, lat double precision, lon double precision, county text, countyFips text, timeZone text',
    );
  });

  it('every field of the catalogue round-trips exactly, each with its column type (load() with fields)', async () => {
    const fields = FIELD_NAMES.map((field) => (field === 'index' ? 'record_index=index' : field));
    const result = await load({ to: url, table: 'every_field', count: 3000, seed: 'fields', fields });
    expect(result.loaded).toBe(3000);
    const expected = createGenerator({ seed: 'fields' }).addresses({
      start: 0,
      count: 3000,
      fields,
    }) as unknown as Record<string, unknown>[];
    expect(sorted(await rows('every_field'))).toEqual(sorted(expected));
    const columnTypes = psql(
      url,
      `SELECT string_agg(column_name || ' ' || data_type, ', ' ORDER BY ordinal_position) FROM information_schema.columns WHERE table_name = 'every_field'`,
    );
    expect(columnTypes).toContain('state character, zip text');
    expect(columnTypes).toContain('lat double precision');
    expect(columnTypes).toContain('birthDate date');
    expect(columnTypes).toContain('record_index bigint, uuid uuid');
  });

  it('refuses an existing table unless --append or --truncate, which add to it or replace its rows', async () => {
    const args = ['address', '--seed', 'existing', '--count', '300', '--to', url, '--table', 'public.existing'];
    expect((await runBinary(args)).status).toBe(0);
    const again = await runBinary(args);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('table public.existing already exists');
    expect(again.stderr).toContain('--append');
    expect(count('existing')).toBe(300);
    expect((await runBinary([...args, '--append'])).status).toBe(0);
    expect(count('existing')).toBe(600);
    expect((await runBinary([...args, '--truncate'])).status).toBe(0);
    expect(count('existing')).toBe(300);
    expect(sorted(await rows('existing'))).toEqual(sorted(libraryRows('existing', 300)));
  });

  it('a missing or incompatible column is an error before any row is sent', async () => {
    psql(
      url,
      'CREATE TABLE narrow (name text, street text); CREATE TABLE wrong (name text, street text, city text, state text, zip integer, phone text, email text, country text)',
    );
    const missing = await runBinary([
      'address',
      '--seed',
      'x',
      '--count',
      '10',
      '--to',
      url,
      '--table',
      'narrow',
      '--append',
    ]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('table narrow in postgres://postgres@127.0.0.1');
    expect(missing.stderr).toContain('has no column city');
    const wrong = await runBinary([
      'address',
      '--seed',
      'x',
      '--count',
      '10',
      '--to',
      url,
      '--table',
      'wrong',
      '--truncate',
    ]);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('has column zip as integer, which cannot hold text values');
    expect(count('narrow') + count('wrong')).toBe(0);
  });

  it('a row the table refuses (a constraint) rolls the whole load back, with exit 74', async () => {
    psql(
      url,
      `CREATE TABLE checked (name text, street text, city text, state text, zip text, phone text, email text, country text CHECK (zip <> '${String(libraryRows('checked', 4000)[3000].zip)}'))`,
    );
    const result = await runBinary([
      'address',
      '--seed',
      'checked',
      '--count',
      '4000',
      '--to',
      url,
      '--table',
      'checked',
      '--append',
    ]);
    expect(result.status).toBe(74);
    expect(result.stderr).toContain('violates check constraint');
    expect(result.stderr).toContain('rolled back');
    expect(count('checked')).toBe(0);
  });

  for (const signal of ['SIGKILL', 'SIGINT'] as const) {
    it(`${signal} mid-load leaves no table and no row (one transaction)`, async () => {
      const table = `killed_${signal.toLowerCase()}`;
      const child = startBinary(['address', '--seed', 'kill', '--count', '50000000', '--to', url, '--table', table]);
      const result = finished(child);
      // The COPY has started and rows are flowing.
      await until(
        () => Number(psql(url, `SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'COPY "${table}"%'`)) > 0,
        60_000,
        'the COPY',
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      child.kill(signal);
      const { status, signal: killedBy, stderr } = await result;
      if (signal === 'SIGINT') {
        expect(status).toBe(130);
        expect(stderr).toContain('interrupted by SIGINT');
        expect(stderr).toContain('rolled back');
      } else {
        expect(killedBy).toBe('SIGKILL');
      }
      await until(
        () => Number(psql(url, `SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'COPY "${table}"%'`)) === 0,
        60_000,
        'the end of the COPY',
      );
      expect(exists(table)).toBe(false);
    });
  }

  it('--commit-every: a kill -9 leaves whole chunks, and the printed --start resumes to exactly the single run', async () => {
    const args = ['address', '--seed', 'chunks', '--count', '120000', '--to', url, '--commit-every', '10000'];
    const child = startBinary([...args, '--table', 'chunked']);
    const result = finished(child);
    const printed = await stderrMatching(child, /committed records 0\.\.19999; to resume: --start 20000 --append\n/);
    child.kill('SIGKILL');
    await result;
    const starts = [...printed.matchAll(/--start ([0-9]+)/g)].map((match) => Number(match[1]));
    const resumeAt = starts.at(-1)!;
    // Whole chunks only, at least the ones printed (one more may have committed before the kill landed).
    expect(count('chunked') % 10_000).toBe(0);
    expect(count('chunked')).toBeGreaterThanOrEqual(resumeAt);
    const committed = count('chunked');
    const resumed = await runBinary([...args, '--table', 'chunked', '--start', String(committed), '--append']);
    expect(resumed.status).toBe(0);
    expect((await runBinary([...args, '--table', 'chunked_single'])).status).toBe(0);
    expect(count('chunked')).toBe(120_000);
    expect(difference('chunked', 'chunked_single')).toBe(0);
  });

  it('shards 0..3 loaded in parallel into one table equal one run', async () => {
    const args = ['address', '--seed', 'shards', '--count', '40001', '--geo', '--to', url];
    // Two of them render the COPY text on two threads: the rows are the same.
    const shards = await Promise.all(
      [0, 1, 2, 3].map((k) =>
        runBinary([
          ...args,
          '--table',
          'sharded',
          '--shard',
          `${k}/4`,
          '--append',
          ...(k % 2 === 1 ? ['--jobs', '2'] : []),
        ]),
      ),
    );
    for (const shard of shards) expect(shard.status).toBe(0);
    expect((await runBinary([...args, '--table', 'unsharded'])).status).toBe(0);
    expect(count('sharded')).toBe(40_001);
    expect(difference('sharded', 'unsharded')).toBe(0);
    const withoutAppend = await runBinary([...args, '--table', 'sharded', '--shard', '0/4']);
    expect(withoutAppend.status).toBe(2);
    expect(withoutAppend.stderr).toContain('add --append');
  });

  it('--format sql --dialect postgres is a COPY block that psql loads to the same rows', async () => {
    const sql = await runBinary([
      'address',
      '--seed',
      'dialect',
      '--count',
      '3000',
      '--geo',
      '--format',
      'sql',
      '--dialect',
      'postgres',
      '--table',
      'from_file',
    ]);
    expect(sql.status).toBe(0);
    const text = sql.stdout.toString('utf8');
    expect(text).toContain('COPY "from_file" ("name", "street"');
    expect(text.endsWith('\\.\nCOMMIT;\n')).toBe(true);
    await new Promise<void>((resolve, reject) => {
      const child = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', url], { stdio: ['pipe', 'ignore', 'inherit'] });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited ${code}`))));
      child.stdin.end(text);
    });
    expect(sorted(await rows('from_file'))).toEqual(sorted(libraryRows('dialect', 3000, true)));
  });

  it('wrong URLs, a refused password and a connection refused are clear errors, the password never shown', async () => {
    const scheme = await runBinary(['address', '--to', 'mongodb://u:secret@127.0.0.1/x']);
    expect(scheme.status).toBe(2);
    expect(scheme.stderr).toContain(
      '--to: the target must be a URL starting postgres://, postgresql://, mysql:// or sqlite:',
    );
    const noHost = await runBinary(['address', '--to', 'postgres:///db']);
    expect(noHost.status).toBe(2);
    expect(noHost.stderr).toContain('names no host');
    psql(
      url,
      "CREATE ROLE password_login NOLOGIN; CREATE ROLE loader LOGIN PASSWORD 'right-one' IN ROLE password_login",
    );
    const port = new URL(url).port;
    const refused = await runBinary([
      'address',
      '--count',
      '5',
      '--to',
      `postgres://loader:wrong-one@127.0.0.1:${port}/load`,
    ]);
    expect(refused.status).toBe(69);
    expect(refused.stderr).toContain('cannot connect to postgres://loader:***@127.0.0.1');
    expect(refused.stderr).toContain('password authentication failed for user "loader"');
    expect(refused.stderr).not.toContain('wrong-one');
    const closed = await runBinary(['address', '--count', '5', '--to', 'postgres://postgres:hidden@127.0.0.1:1/load']);
    expect(closed.status).toBe(69);
    expect(closed.stderr).toContain('connection refused');
    expect(closed.stderr).not.toContain('hidden');
  });

  it('a host that accepts but never answers fails after connect_timeout, without hanging', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const result = await runBinary([
        'address',
        '--count',
        '5',
        '--to',
        `postgres://postgres@127.0.0.1:${port}/load?connect_timeout=1`,
      ]);
      expect(result.status).toBe(69);
      expect(result.stderr).toContain('no answer within 1 s (connect_timeout)');
    } finally {
      silent.close();
    }
  });

  it('a missing driver names the npm install line, exit 2', async () => {
    const binary = packageWithoutDrivers();
    const result = await finished(
      spawn(process.execPath, [binary, 'address', '--count', '5', '--to', url], { stdio: ['ignore', 'pipe', 'pipe'] }),
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('loading PostgreSQL needs pg and pg-copy-streams');
    expect(result.stderr).toContain('`npm install pg pg-copy-streams`');
  });

  it('load() from the library: the same rows as the CLI, and a LoadError for an existing table', async () => {
    const result = await load({ to: url, table: 'from_library', count: 2500, seed: 'library' });
    expect(result).toEqual({ loaded: 2500, seed: 'library', first: 0, end: 2500 });
    expect(sorted(await rows('from_library'))).toEqual(sorted(libraryRows('library', 2500)));
    const error = await load({ to: url, table: 'from_library', count: 10, seed: 'library' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoadError);
    expect((error as LoadError).code).toBe('table_exists');
    const aborted = new AbortController();
    aborted.abort(new Error('test stop'));
    const stopped = await load({ to: url, table: 'never', count: 10, signal: aborted.signal }).catch((e: unknown) => e);
    expect((stopped as Error).message).toBe('test stop');
    expect(exists('never')).toBe(false);
  });
});
