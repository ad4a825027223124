import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  keysCreate,
  killServers,
  runServerCommand,
  serve,
  serverEnv,
  startLoad,
  type ServeProcess,
  usedBy,
  waitFor,
} from '../../serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-store-failures-'));
const mounts: string[] = [];
afterAll(() => {
  killServers();
  for (const mount of mounts) spawnSync('umount', [mount]);
  rmSync(dir, { recursive: true, force: true });
});

/** The server's readiness status and the sum of its store failure counters, from /readyz and /metrics. */
async function storeState(server: ServeProcess): Promise<{ ready: number; failures: number }> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    throw new Error(
      `the server exited (${server.child.exitCode ?? server.child.signalCode}): ${server.errors()}${server.output().slice(-2000)}`,
    );
  }
  const ready = (await fetch(server.url + '/readyz')).status;
  const metrics = await (await fetch(server.url + '/metrics')).text();
  const failures = [
    ...metrics.matchAll(/^ussynth_usage_(?:fold_failures|journal_write_failures)_total (\d+)$/gm),
  ].reduce((sum, m) => sum + Number(m[1]), 0);
  return { ready, failures };
}

/**
 * A disk for the store that can be filled and freed while a server runs: a 4 MB tmpfs where this machine lets the
 * test mount one; else (a container without the right to mount) a file-size limit put on the running server with
 * prlimit, which makes every file the server extends fail as on a full disk.
 */
function smallDisk(): {
  path: string;
  kind: string;
  fill(server: ServeProcess): void;
  free(server: ServeProcess): void;
} {
  const path = join(dir, 'disk');
  mkdirSync(path);
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', path]).status === 0;
  if (mounted) {
    mounts.push(path);
    const filler = join(path, 'filler');
    return {
      path,
      kind: 'tmpfs',
      fill() {
        const fd = openSync(filler, 'w');
        const block = Buffer.alloc(64 * 1024, 1);
        try {
          for (;;) writeSync(fd, block);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
        } finally {
          closeSync(fd);
        }
      },
      free: () => unlinkSync(filler),
    };
  }
  return {
    path,
    kind: 'file-size limit',
    fill(server) {
      // No file may grow past the store's WAL as it is now: the next fold cannot append to it.
      const wal = statSync(join(path, 'store.sqlite-wal')).size;
      execFileSync('prlimit', ['--pid', String(server.child.pid), `--fsize=${wal}:unlimited`]);
    },
    free: (server) => void execFileSync('prlimit', ['--pid', String(server.child.pid), '--fsize=unlimited:unlimited']),
  };
}

describe('the usage store on a disk that fills up under load', () => {
  it('answers 503 or serves, never crashes, reports the failing fold, recovers when space returns, and loses no debit', async () => {
    const disk = smallDisk();
    const db = join(disk.path, 'store.sqlite');
    const options = { env: serverEnv(db) };
    const key = keysCreate(options, 'full', 100_000, 1e12);
    const server = await serve(options, '--no-dev-key');
    const load = startLoad(server.url, key, '/v1/zip/10001', 4, ['store_unavailable']);
    await waitFor('50 served requests', () => load.count(200) >= 50);
    disk.fill(server);
    // The disk stays full while the server keeps being asked: the fold fails again and again (each second).
    await waitFor(
      `readiness to turn 503 on the full disk (${disk.kind})`,
      async () => (await storeState(server)).ready === 503,
    );
    await waitFor('three failed folds or journal writes', async () => (await storeState(server)).failures >= 3, 20_000);
    disk.free(server);
    await waitFor('readiness to come back', async () => (await storeState(server)).ready === 200, 20_000);
    const servedBefore = load.count(200);
    await waitFor('requests served again', () => load.count(200) >= servedBefore + 50);
    await load.stop();
    expect(load.failed).toBe(0);
    expect(load.unexpected).toEqual([]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Every answered request was debited once; refused ones were not.
    expect(usedBy(options, 'full')).toBe(load.count(200));
  });
});

describe('a store the server cannot write', () => {
  it('is refused at start with a clear message (a read-only store file in a writable folder)', () => {
    const home = join(dir, 'read-only');
    mkdirSync(home);
    // Root writes any file whatever its mode: as root, the server runs as nobody, to whom 0444 means read-only.
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    if (asUser.uid !== undefined) {
      chmodSync(dir, 0o755);
      chownSync(home, asUser.uid, asUser.gid!);
    }
    const db = join(home, 'store.sqlite');
    const options = { env: serverEnv(db), ...asUser, timeoutMs: 15_000 };
    keysCreate(options, 'acme', 10, 100);
    chmodSync(db, 0o444);
    const started = runServerCommand(options, 'serve', '--no-dev-key');
    expect(started.status, started.stdout + started.stderr).toBe(2);
    expect(started.stderr).toMatch(
      /^ussynth-server: key store .*store\.sqlite (cannot be written by this process|.*readonly)/,
    );
    expect(started.stderr).not.toContain('internal error');
  });
});

describe('a usage journal deleted under a running server', () => {
  it('is detected and recreated, so a kill -9 afterwards loses only the requests in flight', async () => {
    const db = join(dir, 'deleted', 'store.sqlite');
    const options = { env: serverEnv(db) };
    const key = keysCreate(options, 'deleted', 100_000, 1e12);
    const server = await serve(options, '--no-dev-key');
    const CONCURRENCY = 8;
    const load = startLoad(server.url, key, '/v1/ein', CONCURRENCY);
    await waitFor('300 served requests', () => load.count(200) >= 300);
    const journal = `${db}-usage.journal`;
    unlinkSync(journal);
    const deletedAt = performance.now();
    const servedAtDeletion = load.count(200);
    // Two folds' worth of time, more requests, and the journal back: what the server wrote since is at stake. A
    // server that never recreates it is killed all the same after 10 s, and the check below shows what it lost.
    await waitFor(
      'two seconds, 300 more requests and the journal recreated',
      () => performance.now() - deletedAt > 2000 && load.count(200) >= servedAtDeletion + 300 && existsSync(journal),
    ).catch(() => {});
    const recreated = existsSync(journal);
    server.child.kill('SIGKILL');
    await server.exited;
    await load.stop();
    const completed = load.count(200);
    const used = usedBy(options, 'deleted');
    // Every served response was debited and journaled first; at most the in-flight ones were debited without a response.
    expect(used).toBeGreaterThanOrEqual(completed);
    expect(used).toBeLessThanOrEqual(completed + CONCURRENCY);
    expect(recreated).toBe(true);
  });
});
