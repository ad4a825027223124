import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './free-port.js';

/** A real MariaDB server on loopback, in a temporary folder, for tests. */
export interface TestMariadb {
  port: number;
  /** The process id of mariadbd, for tests that pause the server (SIGSTOP, SIGCONT). */
  pid: number;
  /** `mysql://test@127.0.0.1:PORT/DATABASE` (the user `test`, no password, all privileges). */
  url(database?: string): string;
  /** Runs SQL through the `mariadb` client as root (over the socket) and returns its tab-separated output. */
  sql(statement: string, database?: string): string;
  /** Stops it and deletes its folder. */
  destroy(): Promise<void>;
}

/**
 * Starts Debian's mariadbd (mariadb-install-db into a temporary folder,
 * loopback only, LOCAL INFILE allowed, InnoDB without a flush per commit:
 * tests need speed, not power-loss safety), creates the user `test` (all
 * privileges, no password) and the database `load`, and returns its handle.
 * @example const db = await startMariadb(); const url = db.url(); ... await db.destroy();
 */
export async function startMariadb(): Promise<TestMariadb> {
  const scratch = mkdtempSync(join(tmpdir(), 'ussynth-mariadb-'));
  const dataDir = join(scratch, 'data');
  const socket = join(scratch, 'mariadb.sock');
  // mariadbd refuses to run as root unless told to: the tests run as root in CI.
  const user = userInfo().uid === 0 ? ['--user=root'] : [];
  execFileSync(
    'mariadb-install-db',
    ['--no-defaults', `--datadir=${dataDir}`, ...user, '--auth-root-authentication-method=socket', '--skip-test-db'],
    { stdio: 'ignore' },
  );
  const port = await freePort();
  const child: ChildProcess = spawn(
    '/usr/sbin/mariadbd',
    [
      '--no-defaults',
      `--datadir=${dataDir}`,
      `--socket=${socket}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--pid-file=${join(scratch, 'mariadb.pid')}`,
      ...user,
      '--local-infile=1',
      '--skip-name-resolve',
      '--innodb-flush-log-at-trx-commit=0',
      '--innodb-buffer-pool-size=128M',
      '--max-connections=100',
      `--log-error=${join(scratch, 'error.log')}`,
    ],
    { stdio: 'ignore' },
  );
  await waitForPort(port, 60_000, () =>
    child.exitCode !== null ? `mariadbd exited ${child.exitCode} (see ${join(scratch, 'error.log')})` : undefined,
  );
  const sql = (statement: string, database?: string): string =>
    execFileSync(
      'mariadb',
      ['--no-defaults', `--socket=${socket}`, '-uroot', '-N', '-B', ...(database ? [database] : []), '-e', statement],
      { encoding: 'utf8' },
    );
  sql("CREATE USER 'test'@'%'; GRANT ALL ON *.* TO 'test'@'%'; CREATE DATABASE `load`;");
  return {
    port,
    pid: child.pid!,
    url: (database = 'load') => `mysql://test@127.0.0.1:${port}/${database}`,
    sql,
    async destroy() {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        });
      }
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
