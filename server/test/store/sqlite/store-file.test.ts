import { linkSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keysCreate, killServers, runServerCommand, serve, serverEnv } from '../../serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-store-file-'));
afterAll(() => {
  killServers();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts a second server on `db` and returns how it ended (one that starts is stopped after 15 s by SIGTERM: status 0). */
function secondServer(db: string) {
  return runServerCommand({ env: serverEnv(db), timeoutMs: 15_000 }, 'serve', '--no-dev-key');
}

describe('one server per store file, whatever path reaches it', () => {
  it('refuses a second server given a symbolic link, a linked folder or a hard link to a served store', async () => {
    const home = join(dir, 'home');
    const db = join(home, 'store.sqlite');
    const options = { env: serverEnv(db) };
    const key = keysCreate(options, 'acme', 1000, 50_000);
    const first = await serve(options, '--no-dev-key');
    // The attack: another path to the same file. Each must be refused, not served with totals of its own.
    symlinkSync(db, join(dir, 'link.sqlite'));
    symlinkSync(home, join(dir, 'linked-home'));
    for (const path of [join(dir, 'link.sqlite'), join(dir, 'linked-home', 'store.sqlite')]) {
      const second = secondServer(path);
      expect(second.status, `${path}: ${second.stderr}`).toBe(2);
      expect(second.stderr).toMatch(/is in use by another ussynth server/);
    }
    linkSync(db, join(dir, 'hard.sqlite'));
    for (const path of [join(dir, 'hard.sqlite'), db]) {
      const second = secondServer(path);
      expect(second.status, `${path}: ${second.stderr}`).toBe(2);
      expect(second.stderr).toMatch(/is in use by another ussynth server|has 2 hard links/);
    }
    // The first server still owns the quota alone: 50 batches of 1000 fill it, the next is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++)
      statuses.push((await fetch(`${first.url}/v1/batch?count=1000`, { headers: { 'x-api-key': key } })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.at(-1)).toBe(429);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // A hard-linked store is refused even when nobody serves it: its two names would give it two WALs and journals.
    const alone = secondServer(join(dir, 'hard.sqlite'));
    expect(alone.status).toBe(2);
    expect(alone.stderr).toMatch(/has 2 hard links: a store file must be reachable by one name/);
    unlinkSync(join(dir, 'hard.sqlite'));
  });
});

describe('store file modes', () => {
  it('creates the store folder 0700 and the store, its WAL, journal and lock 0600', async () => {
    const home = join(dir, 'modes', '.ussynth');
    mkdirSync(join(dir, 'modes'));
    const db = join(home, 'store.sqlite');
    const server = await serve({ env: serverEnv(db) });
    const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
    expect(mode(home)).toBe('700');
    for (const file of [
      'store.sqlite',
      'store.sqlite-wal',
      'store.sqlite-shm',
      'store.sqlite-usage.journal',
      'store.sqlite-usage.lock',
    ]) {
      expect(mode(join(home, file)), file).toBe('600');
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
