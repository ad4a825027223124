import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyCache } from '../../src/access/key-cache.js';
import { issueKey } from '../../src/store/issue-key.js';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { KeyRecord } from '../../src/store/key-store.js';
import type { Store } from '../../src/store/store.js';

describe('KeyCache on a real SQLite store', () => {
  let store: Store;
  let issued: { id: string; key: string };
  beforeAll(async () => {
    store = await openSqliteStore(':memory:');
    issued = await issueKey(
      store,
      { name: 'cache-test', tier: 'standard', rate: 10, monthlyQuota: 100_000 },
      'live',
      0,
    );
  });
  afterAll(() => store.close());

  it('matches a key by its digest on every check, and never a forged key with the same id', async () => {
    const keys = new KeyCache(store, 1000);
    const record = (await keys.get(issued.id, 0)) as KeyRecord;
    expect(keys.peek(issued.id, 500)).toBe(record);
    expect(keys.verify(record, issued.key)).toBe(true);
    expect(keys.verify(record, issued.key)).toBe(true);
    // Same id and length, another secret: the digest does not accept it, before or after the right key matched.
    const forged = issued.key.slice(0, 20) + (issued.key[20] === 'A' ? 'B' : 'A') + issued.key.slice(21);
    expect(keys.verify(record, forged)).toBe(false);
  });

  it('forgets a record when the entry expires', async () => {
    const keys = new KeyCache(store, 1000);
    const record = (await keys.get(issued.id, 0)) as KeyRecord;
    keys.verify(record, issued.key);
    expect(keys.peek(issued.id, 1000)).toBeUndefined();
    const reread = (await keys.get(issued.id, 1000)) as KeyRecord;
    expect(reread).not.toBe(record);
    expect(keys.verify(reread, issued.key)).toBe(true);
  });

  it('drops a key at once on forget and every key of an account on forgetAccount; a read begun before either is not cached', async () => {
    const keys = new KeyCache(store, 60_000);
    const other = await issueKey(
      store,
      { name: 'cache-test-other', tier: 'standard', rate: 10, monthlyQuota: 100_000 },
      'live',
      0,
    );
    await keys.get(issued.id, 0);
    await keys.get(other.id, 0);
    keys.forget(issued.id);
    expect(keys.peek(issued.id, 1)).toBeUndefined();
    expect(keys.peek(other.id, 1)).toBeDefined();
    keys.forgetAccount((await store.findKey(other.id))!.accountId);
    expect(keys.peek(other.id, 1)).toBeUndefined();
    // A store read in flight when the key is revoked may hold the old record: it answers its own request, never later ones.
    const inFlight = keys.get(issued.id, 2);
    keys.forget(issued.id);
    expect(await inFlight).toBeDefined();
    expect(keys.peek(issued.id, 3)).toBeUndefined();
  });
});
