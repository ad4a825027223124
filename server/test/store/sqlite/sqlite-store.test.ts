import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mintKey } from '../../../src/store/api-key.js';
import { openSqliteStore } from '../../../src/store/sqlite/sqlite-store.js';
import { StoreConflictError } from '../../../src/store/store.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const account = { name: 'acme', tier: 'pro' as const, rate: 50, monthlyQuota: 100 };

describe('SQLite store', () => {
  it('migrates a new file in WAL mode and reopens idempotently, keeping keys and usage', async () => {
    const path = join(dir, 'a', 'store.sqlite');
    const store = await openSqliteStore(path);
    const key = mintKey('live');
    await store.keys.createKey(account, key, 1000);
    const record = (await store.findKey(key.id))!;
    expect(record).toMatchObject({
      id: key.id,
      accountName: 'acme',
      tier: 'pro',
      rate: 50,
      monthlyQuota: 100,
      revokedAt: null,
      expiresAt: null,
    });
    expect(await store.debitUsage(record.accountId, '2026-11', 60, 100)).toEqual({
      granted: true,
      used: 60,
      whenDurable: undefined,
    });
    await store.close();
    const again = await openSqliteStore(path);
    expect((await again.findKey(key.id))?.accountName).toBe('acme');
    expect(await again.usage(record.accountId, '2026-11')).toBe(60);
    expect(await again.usage(record.accountId, '2026-12')).toBe(0);
    await again.close();
  });

  it('debits never exceed the limit, even when issued together', async () => {
    const store = await openSqliteStore(join(dir, 'b.sqlite'));
    const key = mintKey('live');
    await store.keys.createKey(account, key, 0);
    const { accountId } = (await store.findKey(key.id))!;
    const results = await Promise.all(Array.from({ length: 30 }, () => store.debitUsage(accountId, 'p', 7, 100)));
    expect(results.filter((r) => r.granted)).toHaveLength(14);
    expect(await store.usage(accountId, 'p')).toBe(98);
    expect(await store.debitUsage(accountId, 'p', 2, 100)).toEqual({
      granted: true,
      used: 100,
      whenDurable: undefined,
    });
    expect((await store.debitUsage(accountId, 'p', 1, 100)).granted).toBe(false);
    expect((await store.debitUsage(accountId, 'q', 101, 100)).granted).toBe(false);
    await store.close();
  });

  it('refuses a second key for an account with other limits; revokes; rotates without extending life', async () => {
    const store = await openSqliteStore(join(dir, 'c.sqlite'));
    const first = mintKey('live');
    await store.keys.createKey(account, first, 0);
    await expect(
      store.keys.createKey({ ...account, tier: 'standard', rate: 10 }, mintKey('live'), 0),
    ).rejects.toBeInstanceOf(StoreConflictError);
    const second = mintKey('live');
    expect(await store.keys.rotateKey(first.id, second, 5000, 1000)).toBe(true);
    expect((await store.findKey(first.id))!.expiresAt).toBe(5000);
    expect(await store.keys.rotateKey(first.id, mintKey('live'), 9000, 2000)).toBe(true);
    expect((await store.findKey(first.id))!.expiresAt).toBe(5000);
    expect(await store.keys.revokeKey(second.id, 3000)).toBe(true);
    expect(await store.keys.revokeKey('missing', 3000)).toBe(false);
    expect(await store.keys.rotateKey(second.id, mintKey('live'), 9000, 4000)).toBe(false);
    const listed = await store.keys.listKeys('p');
    expect(listed.map((k) => k.id)).toEqual(listed.map((k) => k.id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(listed.find((k) => k.id === second.id)!.revokedAt).toBe(3000);
    await store.close();
  });
});
