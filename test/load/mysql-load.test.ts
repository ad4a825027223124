// `--to mysql://` and load() against a real MariaDB started on loopback (Debian's mariadb-server; .ci/run installs it).
import { spawn } from 'node:child_process';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator, FIELD_NAMES } from '../../src/index.js';
import { load } from '../../src/load.js';
import { startMariadb, type TestMariadb } from '../infra/mariadb-server.js';
import { finished, runBinary, startBinary } from '../cli/run-binary.js';
import { libraryRows, sorted, stderrMatching, until } from './load-test-helpers.js';

let mariadb: TestMariadb;
let url: string;

beforeAll(async () => {
  mariadb = await startMariadb();
  url = mariadb.url();
}, 120_000);

afterAll(() => mariadb?.destroy());

async function rows(table: string): Promise<Record<string, unknown>[]> {
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
}

const count = (table: string): number => Number(mariadb.sql(`SELECT count(*) FROM \`${table}\``, 'load').trim());

describe('--to mysql:// (MariaDB)', () => {
  it('loads every field exactly through LOAD DATA LOCAL INFILE', async () => {
    const result = await runBinary([
      'address',
      '--seed',
      'maria',
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
    expect(sorted(await rows('people'))).toEqual(sorted(libraryRows('maria', 5000, true)));
  });

  it('every catalogue field round-trips through load() with fields, with MySQL column types', async () => {
    const fields = FIELD_NAMES.map((field) => (field === 'index' ? 'record_index=index' : field));
    await load({ to: url, table: 'every_field', count: 2000, seed: 'fields', fields });
    const expected = createGenerator({ seed: 'fields' }).addresses({
      start: 0,
      count: 2000,
      fields,
    }) as unknown as Record<string, unknown>[];
    expect(sorted(await rows('every_field'))).toEqual(sorted(expected));
    const types = mariadb.sql(
      "SELECT GROUP_CONCAT(CONCAT(COLUMN_NAME, ' ', COLUMN_TYPE) ORDER BY ORDINAL_POSITION SEPARATOR ', ') FROM information_schema.COLUMNS WHERE TABLE_NAME = 'every_field'",
    );
    expect(types).toContain('state char(2), zip varchar(255)');
    expect(types).toContain('birthDate date');
    expect(types).toContain('record_index bigint(20), uuid char(36)');
  });

  it('existing tables: refused, --append, --truncate; a missing column refused before any row', async () => {
    const args = ['address', '--seed', 'existing', '--count', '300', '--to', url, '--table', 'existing'];
    expect((await runBinary(args)).status).toBe(0);
    const again = await runBinary(args);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('already exists');
    expect((await runBinary([...args, '--append'])).status).toBe(0);
    expect(count('existing')).toBe(600);
    expect((await runBinary([...args, '--truncate'])).status).toBe(0);
    expect(count('existing')).toBe(300);
    mariadb.sql('CREATE TABLE narrow (name TEXT, street TEXT, city DOUBLE)', 'load');
    const narrow = await runBinary(['address', '--count', '5', '--to', url, '--table', 'narrow', '--append']);
    expect(narrow.status).toBe(2);
    expect(narrow.stderr).toContain('has column city as double, which cannot hold text values; has no column state');
  });

  it('a row the table refuses rolls the whole load back (LOAD DATA warnings are failures)', async () => {
    mariadb.sql(
      `CREATE TABLE keyed (name VARCHAR(255), street VARCHAR(255), city VARCHAR(255), state CHAR(2), zip VARCHAR(255), phone VARCHAR(255), email VARCHAR(255), country VARCHAR(3))`,
      'load',
    );
    const result = await runBinary([
      'address',
      '--seed',
      'k',
      '--count',
      '100',
      '--to',
      url,
      '--table',
      'keyed',
      '--append',
    ]);
    expect(result.status).toBe(74);
    expect(result.stderr).toContain('rolled back');
    expect(count('keyed')).toBe(0);
  });

  it('kill -9 mid-load leaves no row; --commit-every leaves whole chunks and the printed --start resumes exactly', async () => {
    const child = startBinary(['address', '--seed', 'kill', '--count', '50000000', '--to', url, '--table', 'killed']);
    const result = finished(child);
    await until(
      () =>
        mariadb.sql("SELECT count(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE 'LOAD DATA%'").trim() !== '0',
      60_000,
      'the LOAD DATA',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    child.kill('SIGKILL');
    await result;
    await until(
      () =>
        mariadb.sql("SELECT count(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE 'LOAD DATA%'").trim() === '0',
      60_000,
      'the rollback',
    );
    // MySQL commits CREATE TABLE by itself: the table stays, empty.
    expect(count('killed')).toBe(0);

    const args = ['address', '--seed', 'chunks', '--count', '60000', '--to', url, '--commit-every', '5000'];
    const chunked = startBinary([...args, '--table', 'chunked']);
    const done = finished(chunked);
    await stderrMatching(chunked, /--start 10000 --append\n/);
    chunked.kill('SIGKILL');
    await done;
    await until(
      () =>
        mariadb.sql("SELECT count(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE 'LOAD DATA%'").trim() === '0',
      60_000,
      'the rollback',
    );
    const committed = count('chunked');
    expect(committed % 5000).toBe(0);
    expect(committed).toBeGreaterThanOrEqual(10_000);
    expect((await runBinary([...args, '--table', 'chunked', '--start', String(committed), '--append'])).status).toBe(0);
    expect(sorted(await rows('chunked'))).toEqual(sorted(libraryRows('chunks', 60_000)));
  });

  it('shards loaded in parallel into one table equal one run', async () => {
    const args = ['address', '--seed', 'shards', '--count', '12001', '--to', url, '--table', 'sharded', '--append'];
    const results = await Promise.all([0, 1, 2].map((k) => runBinary([...args, '--shard', `${k}/3`])));
    for (const result of results) expect(result.status).toBe(0);
    expect(sorted(await rows('sharded'))).toEqual(sorted(libraryRows('shards', 12_001)));
  });

  it('--format sql --dialect mysql loads through the mariadb client to the same rows', async () => {
    const sql = await runBinary([
      'address',
      '--seed',
      'file',
      '--count',
      '1200',
      '--geo',
      '--format',
      'sql',
      '--dialect',
      'mysql',
      '--table',
      'from_file',
    ]);
    expect(sql.status).toBe(0);
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        'mariadb',
        ['--no-defaults', '-h', '127.0.0.1', '-P', String(mariadb.port), '-u', 'test', 'load'],
        { stdio: ['pipe', 'ignore', 'inherit'] },
      );
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`mariadb exited ${code}`))));
      child.stdin.end(sql.stdout);
    });
    expect(sorted(await rows('from_file'))).toEqual(sorted(libraryRows('file', 1200, true)));
  });

  it('a refused password and an unknown database are clear errors (exit 69), the password never shown', async () => {
    mariadb.sql("CREATE USER 'locked'@'%' IDENTIFIED BY 'right-one'");
    const refused = await runBinary([
      'address',
      '--count',
      '5',
      '--to',
      `mysql://locked:wrong-one@127.0.0.1:${mariadb.port}/load`,
    ]);
    expect(refused.status).toBe(69);
    expect(refused.stderr).toContain('cannot connect to mysql://locked:***@127.0.0.1');
    expect(refused.stderr).toContain('Access denied');
    expect(refused.stderr).not.toContain('wrong-one');
    const unknown = await runBinary(['address', '--count', '5', '--to', mariadb.url('nowhere')]);
    expect(unknown.status).toBe(69);
    expect(unknown.stderr).toContain("Unknown database 'nowhere'");
    const noDatabase = await runBinary(['address', '--count', '5', '--to', `mysql://test@127.0.0.1:${mariadb.port}`]);
    expect(noDatabase.status).toBe(2);
    expect(noDatabase.stderr).toContain('names its database as the path');
  });
});
