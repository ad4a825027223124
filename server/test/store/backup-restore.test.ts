import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { psql, startPostgres, type TestPostgres } from '../../../test/infra/postgres-server.js';
import {
  keysCreate,
  killServers,
  runServerCommand,
  serve,
  startLoad,
  usedBy,
  waitFor,
  type SpawnOptions,
} from '../serve-process.js';

// The backups docs/deploy.md tells operators to take, taken while the server serves under load, then restored after
// the store is lost: every key works again, and the usage is the backup's: records served between the backup and
// the failure are not in it (served, not charged), and everything acknowledged before the backup began is. Real
// files, the real `ussynth-server store backup`, sqlite3, pg_dump and pg_restore commands.
const PG_BIN = '/usr/lib/postgresql/15/bin';
const work = mkdtempSync(join(tmpdir(), 'ussynth-backup-'));
let pg: TestPostgres;

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);

afterAll(() => {
  killServers();
  pg?.destroy();
  rmSync(work, { recursive: true, force: true });
});

/** Sends `requests` single-record calls with `key`, one after another; each must be served. */
async function call(url: string, key: string, requests: number): Promise<void> {
  for (let i = 0; i < requests; i++)
    expect((await fetch(`${url}/v1/ein`, { headers: { 'x-api-key': key } })).status).toBe(200);
}

/**
 * Served records before the load, during it and after it, and `acknowledged`: the records whose answers had
 * arrived when the backup began (every one of them must be in the backup).
 */
async function backupUnderLoad(
  options: SpawnOptions,
  backup: () => void,
): Promise<{ key: string; before: number; acknowledged: number; during: number; after: number }> {
  const server = await serve(options, '--no-dev-key');
  const key = keysCreate(options, 'acme', 1000, 1_000_000);
  await call(server.url, key, 20);
  // Charged (SQLite: in the ledger's journal, folded into the table within a second; PostgreSQL: committed).
  await waitFor('the first 20 records in the store', () => usedBy(options, 'acme') === 20);
  const load = startLoad(server.url, key, '/v1/ein', 4);
  await new Promise((resolve) => setTimeout(resolve, 300));
  // The backup runs synchronously: no answer arrives here between this count and its start.
  const acknowledged = 20 + load.count(200);
  backup();
  await load.stop();
  expect(load.unexpected).toEqual([]);
  const during = load.count(200);
  expect(during).toBeGreaterThan(0);
  await call(server.url, key, 15);
  // Settled before the failure: SQLite folds its ledger every second, and a PostgreSQL instance gives back the
  // unspent part of its leased block after a second idle (docs/deploy.md), so the store then holds what was served.
  await waitFor('the usage to settle', () => usedBy(options, 'acme') === 20 + during + 15);
  // The failure: the server dies and its store is gone.
  server.child.kill('SIGKILL');
  await server.exited;
  return { key, before: 20, acknowledged, during, after: 15 };
}

describe('SQLite: an online backup with `ussynth-server store backup` while the server serves', () => {
  it("restores every key, with the usage of the backup's moment", async () => {
    const dir = join(work, 'live');
    mkdirSync(dir);
    const store = join(dir, 'store.sqlite');
    const backups = join(work, 'backups');
    mkdirSync(backups);
    const options = { env: { ...process.env, USSYNTH_DB: store, PORT: '0', LOG_LEVEL: 'warn' } };
    const served = await backupUnderLoad(options, () => {
      const backup = runServerCommand(options, 'store', 'backup', join(backups, 'store.sqlite'));
      expect(backup.stderr).toBe('');
      expect(backup.status).toBe(0);
      // The key sealing SSO secrets lives beside the store (without USSYNTH_SECRET_KEY): it is part of the backup.
      copyFileSync(join(dir, 'secret.key'), join(backups, 'secret.key'));
    });
    expect(
      execFileSync('sqlite3', [join(backups, 'store.sqlite'), 'PRAGMA integrity_check;'], { encoding: 'utf8' }).trim(),
    ).toBe('ok');
    rmSync(dir, { recursive: true, force: true });

    // Restore: the copy where the store was, then start as usual.
    mkdirSync(dir);
    copyFileSync(join(backups, 'store.sqlite'), store);
    copyFileSync(join(backups, 'secret.key'), join(dir, 'secret.key'));
    expect(existsSync(`${store}-usage.journal`)).toBe(false);
    const restored = await serve(options, '--no-dev-key');
    const used = usedBy(options, 'acme');
    // Everything acknowledged before the backup began is in it (folded, or still in the journal then); what was
    // served after it is not.
    expect(used).toBeGreaterThanOrEqual(served.acknowledged);
    expect(used).toBeLessThanOrEqual(served.before + served.during);
    await call(restored.url, served.key, 1);
    restored.child.kill('SIGTERM');
    await restored.exited;
  }, 120_000);
});

describe('PostgreSQL: pg_dump while the instances serve, pg_restore into a new database', () => {
  it("restores every key, with the usage of the dump's snapshot", async () => {
    const db = pg.createDatabase('live');
    const dump = join(work, 'store.pgdump');
    const secretKey = Buffer.alloc(32, 5).toString('base64');
    const options = {
      env: { ...process.env, USSYNTH_DB: db, USSYNTH_SECRET_KEY: secretKey, PORT: '0', LOG_LEVEL: 'warn' },
    };
    let atDump = 0;
    const served = await backupUnderLoad(options, () => {
      execFileSync(join(PG_BIN, 'pg_dump'), ['-Fc', '-d', db, '-f', dump]);
      atDump = Number(psql(db, 'SELECT coalesce(sum(records), 0) FROM usage'));
    });
    const atFailure = Number(psql(db, 'SELECT coalesce(sum(records), 0) FROM usage'));
    // Everything served was charged before the failure.
    expect(atFailure).toBe(served.before + served.during + served.after);
    // The failure: the database is lost.
    execFileSync(join(PG_BIN, 'dropdb'), ['-h', '127.0.0.1', '-p', String(pg.port), '-U', 'postgres', 'live']);

    const restoredDb = pg.createDatabase('restored');
    execFileSync(join(PG_BIN, 'pg_restore'), ['--no-owner', '-d', restoredDb, dump]);
    const restoredOptions = { env: { ...options.env, USSYNTH_DB: restoredDb } };
    const restored = await serve(restoredOptions, '--no-dev-key');
    const used = usedBy(restoredOptions, 'acme');
    // The dump is one snapshot taken while the load ran: at least what was acknowledged when it began, at most what was charged
    // just after it (served, plus the unspent part of the block an instance held then); what came after is lost.
    expect(used).toBeGreaterThanOrEqual(served.acknowledged);
    expect(used).toBeLessThanOrEqual(atDump);
    await call(restored.url, served.key, 1);
    restored.child.kill('SIGTERM');
    await restored.exited;
  }, 120_000);
});
