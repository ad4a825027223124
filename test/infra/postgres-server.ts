import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

const PG_ROOT = '/usr/lib/postgresql';

function bin(name: string): string {
  const versions = readdirSync(PG_ROOT).sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0)
    throw new Error(`no PostgreSQL under ${PG_ROOT}: apt-get install postgresql (.ci/run does)`);
  return join(PG_ROOT, versions[0], 'bin', name);
}

// initdb refuses to run as root, so as root the server runs as the postgres user.
const asRoot = userInfo().uid === 0;

function pg(command: string, args: string[]): string {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin(command), ...args]] : [bin(command), args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A real PostgreSQL server on loopback, in a temporary folder, for tests. */
export interface TestPostgres {
  /** Its port on 127.0.0.1. */
  port: number;
  /** `postgres://postgres@127.0.0.1:PORT/DATABASE`. */
  url(database?: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): string;
  /** Stops the server at once (`immediate`: like a crash for the clients). */
  stop(): void;
  /** Starts it again on the same port with the same data. */
  start(): void;
  /** Stops it and deletes its folder. */
  destroy(): void;
}

/** How a test PostgreSQL runs. */
export interface TestPostgresOptions {
  /** PostgreSQL's default durability (fsync and synchronous_commit on), as production runs it; default false (fsync off). */
  durable?: boolean;
  /** Members of the role `password_login` log in over TCP with a SCRAM password (everyone else is trusted), for tests of a refused password. */
  passwordLogins?: boolean;
}

/**
 * Starts Debian's PostgreSQL (initdb into a temporary folder, trust
 * authentication, loopback only, fsync off unless `durable`: tests need
 * speed, not power-loss safety; benchmarks measure the durable default) and
 * returns its handle.
 * @example const pg = await startPostgres(); const url = pg.createDatabase('store'); ... pg.destroy();
 */
export async function startPostgres(options: TestPostgresOptions = {}): Promise<TestPostgres> {
  const scratch = mkdtempSync(join(tmpdir(), 'ussynth-pg-'));
  chmodSync(scratch, 0o777);
  const dataDir = join(scratch, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    execFileSync('mkdir', [dataDir]);
    chownSync(dataDir, uid, gid);
  }
  pg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  if (options.passwordLogins) {
    const hba = join(dataDir, 'pg_hba.conf');
    // The first matching line decides: members of password_login need their password, then the trust lines initdb wrote.
    writeFileSync(hba, 'host all +password_login 127.0.0.1/32 scram-sha-256\n' + readFileSync(hba, 'utf8'));
  }
  const port = await freePort();
  const start = () =>
    pg('pg_ctl', [
      '-D',
      dataDir,
      '-w',
      '-l',
      join(dataDir, 'server.log'),
      '-o',
      `-h 127.0.0.1 -p ${port} -k ${dataDir}${options.durable ? '' : ' -c fsync=off'} -c max_connections=200`,
      'start',
    ]);
  const stop = () => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', bin('pg_ctl'), '-D', dataDir, '-m', 'immediate', 'stop']]
      : [bin('pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']];
    spawnSync(file, argv, { stdio: 'ignore' });
  };
  start();
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    createDatabase(name) {
      pg('psql', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-d',
        'postgres',
        '-v',
        'ON_ERROR_STOP=1',
        '-c',
        `CREATE DATABASE "${name}"`,
      ]);
      return url(name);
    },
    stop,
    start: () => void start(),
    destroy() {
      stop();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * Runs psql against `url` with `args` (stopping at the first error) and returns what it printed.
 * @example psqlRun(pg.url(), ['-f', 'load.sql'])
 */
export function psqlRun(url: string, args: string[]): string {
  const { port, pathname } = new URL(url);
  return pg('psql', [
    '-h',
    '127.0.0.1',
    '-p',
    port,
    '-U',
    'postgres',
    '-d',
    pathname.slice(1),
    '-X',
    '-q',
    '-v',
    'ON_ERROR_STOP=1',
    ...args,
  ]);
}

/**
 * Runs a SQL statement with psql against `url` and returns its unaligned output.
 * @example psql(pg.url('store'), 'SELECT count(*) FROM api_keys')
 */
export function psql(url: string, statement: string): string {
  return psqlRun(url, ['-At', '-c', statement]).trim();
}
