import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { calendarMonth } from '../../src/limits/calendar-month.js';
import { parseKey } from '../../src/store/api-key.js';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { BIN, keysCreate, killServers, runServerCommand, serve, serverEnv } from '../serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-keys-'));
const db = join(dir, 'nested', 'store.sqlite');
afterAll(() => {
  killServers();
  rmSync(dir, { recursive: true, force: true });
});

function ussynth(...args: string[]) {
  const result = runServerCommand({ env: { ...process.env, USSYNTH_DB: db } }, ...args);
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('ussynth keys', () => {
  it('creates a key, prints it once, stores only its digest', async () => {
    const created = ussynth('keys', 'create', '--account', 'acme', '--tier', 'pro', '--json');
    expect(created.status).toBe(0);
    const { id, key } = JSON.parse(created.stdout) as { id: string; key: string };
    expect(parseKey(key)?.id).toBe(id);
    expect(key).toMatch(/^uss_live_[0-9A-Za-z]{38}$/);
    const store = await openSqliteStore(db);
    const record = await store.findKey(id);
    await store.close();
    expect(record).toMatchObject({ accountName: 'acme', tier: 'pro', rate: 50, monthlyQuota: 1_000_000 });
    expect(Buffer.from(record!.digest).toString('utf8')).not.toContain(key.slice(9));
    const listed = ussynth('keys', 'list');
    expect(listed.stdout).toContain(id);
    expect(listed.stdout).not.toContain(key);
    const text = ussynth('keys', 'create', '--account', 'acme', '--tier', 'pro');
    expect(text.stdout).toMatch(/^uss_live_\S+\n/);
    expect(text.stdout).toContain('only time the key is shown');
    expect(text.stdout).toContain('for account acme (pro: 50 requests/s, 1000000 records/month)');
    // A count of 1 takes the singular.
    expect(
      ussynth('keys', 'create', '--account', 'tiny', '--tier', 'enterprise', '--rate', '1', '--monthly-quota', '1')
        .stdout,
    ).toContain('for account tiny (enterprise: 1 request/s, 1 record/month)');
  });

  it('enterprise takes --rate and --monthly-quota; other tiers refuse them', () => {
    const created = ussynth(
      'keys',
      'create',
      '--account',
      'bigco',
      '--tier',
      'enterprise',
      '--rate',
      '500',
      '--monthly-quota',
      '50000000',
      '--json',
    );
    expect(created.status).toBe(0);
    const list = JSON.parse(ussynth('keys', 'list', '--json').stdout) as {
      account: string;
      rate: number;
      monthlyQuota: number;
    }[];
    expect(list.find((k) => k.account === 'bigco')).toMatchObject({ rate: 500, monthlyQuota: 50_000_000 });
    const missing = ussynth('keys', 'create', '--account', 'bigco2', '--tier', 'enterprise', '--rate', '5');
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toMatch(/^ussynth-server: .*--monthly-quota/);
    const refused = ussynth('keys', 'create', '--account', 'small', '--tier', 'standard', '--rate', '99');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('--rate');
  });

  it('names bad options and arguments', () => {
    for (const [args, words] of [
      [['keys', 'create', '--account', 'x', '--tier', 'gold'], '--tier'],
      [['keys', 'create', '--tier', 'pro'], '--account'],
      [['keys', 'create', '--account', 'x', '--tier', 'pro', '--tire', 'pro'], '--tire'],
      [['keys', 'create', '--account', 'x', '--tier', 'enterprise', '--rate', '1e3', '--monthly-quota', '5'], '--rate'],
      [['keys', 'rotate', 'abc'], '--grace'],
      [['keys', 'rotate', 'abc', '--grace', '-5'], '--grace'],
      [['keys', 'frobnicate'], 'frobnicate'],
      [['keys', 'revoke'], 'key ID'],
    ] as [string[], string][]) {
      const result = ussynth(...args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(/^ussynth-server: /);
      expect(result.stderr, args.join(' ')).toContain(words);
    }
    const unknown = ussynth('keys', 'revoke', 'nosuchid');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('nosuchid');
  });

  it('revokes and rotates with a grace period', async () => {
    const { id } = JSON.parse(ussynth('keys', 'create', '--account', 'rot', '--tier', 'standard', '--json').stdout) as {
      id: string;
    };
    const rotated = ussynth('keys', 'rotate', id, '--grace', '3600', '--json');
    expect(rotated.status).toBe(0);
    const next = JSON.parse(rotated.stdout) as { id: string; key: string; replaces: string; oldKeyExpiresAt: string };
    expect(next.replaces).toBe(id);
    expect(Math.abs(Date.parse(next.oldKeyExpiresAt) - Date.now() - 3_600_000)).toBeLessThan(60_000);
    expect(ussynth('keys', 'revoke', next.id).status).toBe(0);
    const list = JSON.parse(ussynth('keys', 'list', '--json').stdout) as {
      id: string;
      revokedAt: string | null;
      expiresAt: string | null;
    }[];
    expect(list.find((k) => k.id === next.id)!.revokedAt).not.toBeNull();
    expect(list.find((k) => k.id === id)!.expiresAt).toBe(next.oldKeyExpiresAt);
    // A revoked key cannot be rotated.
    expect(ussynth('keys', 'rotate', next.id, '--grace', '0').status).toBe(1);
  });

  it('refuses an option given twice (docs/cli.md) with a message and status 2, and makes no key', async () => {
    const before = ussynth('keys', 'list', '--json').stdout;
    const twice = ussynth('keys', 'create', '--account', 'first', '--account', 'second', '--tier', 'pro');
    expect(twice.status).toBe(2);
    expect(twice.stderr).toContain('option --account is given more than once');
    expect(twice.stdout).toBe('');
    expect(ussynth('keys', 'list', '--json').stdout).toBe(before);
  });
});

describe('reading commands and a starting server', () => {
  it("keys list never takes the store's lock, so a server starting meanwhile is never refused", async () => {
    const db = join(dir, 'reader', 'store.sqlite');
    const env = serverEnv(db);
    const key = keysCreate({ env }, 'crashed', 100_000, 1e12);
    const store = await openSqliteStore(db);
    const { accountId } = (await store.findKey(parseKey(key)!.id))!;
    await store.close();
    const lock = `${db}-usage.lock`;
    const period = calendarMonth(Date.now()).period;
    for (let round = 1; round <= 2; round++) {
      // What a crashed server leaves: a long journal, which the old `keys list` replayed while holding the lock.
      const lines = Array.from({ length: 300_000 }, (_, i) => `${round * 1_000_000 + i} ${accountId} ${period} 1\n`);
      writeFileSync(`${db}-usage.journal`, lines.join(''));
      const reader = spawn(process.execPath, [BIN, 'keys', 'list', '--json'], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let listed = '';
      reader.stdout.on('data', (chunk: Buffer) => (listed += chunk.toString()));
      const readerDone = new Promise<number | null>((resolve) => reader.on('exit', resolve));
      let lockedByReader = false;
      let finished = false;
      void readerDone.then(() => (finished = true));
      const server = serve({ env }, '--no-dev-key');
      server.catch(() => {}); // awaited below; a refusal must fail the test there, not as an unhandled rejection
      // Whether the reader holds a POSIX lock on the lock file, from the kernel's table of locks.
      while (!finished) {
        if (existsSync(lock)) {
          const inode = statSync(lock).ino;
          lockedByReader ||= readFileSync('/proc/locks', 'utf8')
            .split('\n')
            .some((line) => line.split(/\s+/)[4] === String(reader.pid) && line.includes(`:${inode} `));
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      expect(await readerDone).toBe(0);
      const started = await server;
      expect(lockedByReader).toBe(false);
      // The reader saw the journal's records without replaying them; the server replayed them once.
      expect(
        (JSON.parse(listed) as { account: string; used: number }[]).find((k) => k.account === 'crashed')!.used,
      ).toBeGreaterThanOrEqual(300_000 * (round - 1));
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
    }
  });
});
