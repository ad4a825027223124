// Loads the SQL output into a real PostgreSQL server, started by this test on loopback
// (Debian's postgresql package; .ci/run installs it).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlFormat } from '../../../src/cli/output/sql-format.js';
import { createGenerator } from '../../../src/index.js';
import { runBinary } from '../run-binary.js';
import { splitRender } from './format-fixtures.js';

const PG_ROOT = '/usr/lib/postgresql';
const bin = (name: string): string => {
  const versions = readdirSync(PG_ROOT).sort((a, b) => Number(b) - Number(a));
  return join(PG_ROOT, versions[0], 'bin', name);
};

// initdb refuses to run as root, so as root the server runs as the postgres user.
const asRoot = userInfo().uid === 0;
function pg(command: string, args: string[]): string {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin(command), ...args]] : [bin(command), args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

let dataDir = '';
let port = 0;
const scratch = mkdtempSync(join(tmpdir(), 'ussynth-pg-'));

beforeAll(async () => {
  chmodSync(scratch, 0o777);
  dataDir = join(scratch, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    execFileSync('mkdir', [dataDir]);
    chownSync(dataDir, uid, gid);
  }
  pg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  port = await freePort();
  pg('pg_ctl', ['-D', dataDir, '-w', '-l', join(dataDir, 'server.log'), '-o', `-h 127.0.0.1 -p ${port} -k ${dataDir} -c fsync=off`, 'start']);
}, 120_000);

afterAll(() => {
  if (dataDir) spawnSync(asRoot ? 'runuser' : bin('pg_ctl'), asRoot ? ['-u', 'postgres', '--', bin('pg_ctl'), '-D', dataDir, '-m', 'immediate', 'stop'] : ['-D', dataDir, '-m', 'immediate', 'stop']);
  rmSync(scratch, { recursive: true, force: true });
});

function psql(args: string[], input?: string): string {
  const run = spawnSync(bin('psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-X', '-q', '-v', 'ON_ERROR_STOP=1', ...args], { input, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`psql failed: ${run.stderr}`);
  return run.stdout;
}

/** Rows in code-point order of their JSON: a heap table has no row order, so both sides are compared sorted. */
function sorted<T>(rows: readonly T[]): T[] {
  const key = (row: T): string => JSON.stringify(row);
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Loads SQL through psql and reads the table back through COPY ... CSV, sorted like `sorted`. */
function loadPostgres(sql: string, table: string): Record<string, string>[] {
  const file = join(scratch, `${table}.sql`);
  writeFileSync(file, sql);
  chmodSync(file, 0o644);
  psql(['-f', file]);
  const csv = psql(['-c', `COPY "${table}" TO STDOUT WITH (FORMAT csv, HEADER)`]);
  return sorted(parse(csv, { columns: true }) as Record<string, string>[]);
}

describe('SQL output in PostgreSQL', () => {
  it('ussynth address --format sql loads with the same rows as the library', async () => {
    const { status, stdout } = await runBinary(['address', '--seed', 'pg', '--count', '1203', '--format', 'sql', '--table', 'Customers']);
    expect(status).toBe(0);
    expect(loadPostgres(stdout.toString('utf8'), 'Customers')).toEqual(sorted(createGenerator({ seed: 'pg' }).addresses({ count: 1203 })));
  });

  it('ein and phone SQL load too', async () => {
    const ein = await runBinary(['ein', '--seed', 'pg', '--count', '501', '--format', 'sql']);
    const generator = createGenerator({ seed: 'pg' });
    expect(loadPostgres(ein.stdout.toString('utf8'), 'eins')).toEqual(sorted(Array.from({ length: 501 }, (_, i) => generator.einAt(i))));
    const phone = await runBinary(['phone', '--seed', 'pg', '--count', '20', '--format', 'sql', '--state', 'GU']);
    expect(loadPostgres(phone.stdout.toString('utf8'), 'phones')).toEqual(sorted(Array.from({ length: 20 }, (_, i) => generator.phoneAt(i, { state: 'GU' }))));
  });

  it('quotes, backslashes, line breaks and non-ASCII text survive, with a reserved word as table name', () => {
    const nasty = ["O'Brien", "''", '\\', 'C:\\new\\table', 'line\nbreak', 'tab\there', 'José Ñúñez', '😀', '"quoted"', '--comment', '/* c */', '$$dollar$$', ';'];
    const records = nasty.map((text, i) => ({ order: text, value: nasty[(i + 5) % nasty.length] }));
    const sql = splitRender(sqlFormat({ columns: ['order', 'value'], table: 'select', jsonShape: 'array' }), records, [4]);
    expect(loadPostgres(sql, 'select')).toEqual(sorted(records));
  });
});
