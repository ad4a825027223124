import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_ACCOUNT, DEV_KEY_FILE, developmentKey } from '../../src/cli/dev-key.js';
import { digestMatches, parseKey } from '../../src/store/api-key.js';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-dev-key-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let folders = 0;
function storeFile(): string {
  return join(scratch, `store-${folders++}`, 'store.sqlite');
}

/** Whether `key` authenticates on `store` now: its digest stored, not revoked, of the development account. */
async function works(store: Store, key: string): Promise<boolean> {
  const record = await store.findKey(parseKey(key)!.id);
  return (
    record !== undefined &&
    record.revokedAt === null &&
    record.accountName === DEV_ACCOUNT &&
    digestMatches(key, record.digest)
  );
}

async function withStore<T>(file: string, use: (store: Store) => Promise<T>): Promise<T> {
  const store = await openSqliteStore(file);
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

describe('the development key', () => {
  it('is made on the first start, kept 0600 beside the store, and the same at the next starts', async () => {
    const file = storeFile();
    const first = await withStore(file, (store) => developmentKey(store, file, 1_000));
    expect(first.kept).toBe(false);
    expect(first.key).toMatch(/^uss_test_[0-9A-Za-z]{38}$/);
    expect(first.file).toBe(join(file, '..', DEV_KEY_FILE));
    expect(readFileSync(first.file, 'utf8')).toBe(first.key + '\n');
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    // No temporary file is left beside it.
    expect(readdirSync(join(file, '..')).filter((name) => name.startsWith(DEV_KEY_FILE))).toEqual([DEV_KEY_FILE]);
    for (const now of [2_000, 3_000]) {
      const again = await withStore(file, (store) => developmentKey(store, file, now));
      expect(again).toEqual({ key: first.key, file: first.file, kept: true });
    }
    await withStore(file, async (store) => {
      expect(await works(store, first.key)).toBe(true);
      // The store holds the digest, never the key's text.
      expect(readFileSync(file).includes(first.key)).toBe(false);
      expect((await store.keys.listKeys('')).filter((key) => key.account.name === DEV_ACCOUNT)).toHaveLength(1);
    });
  });

  it('is replaced, the old one revoked, when the file is readable by others, holds no key, or is a link', async () => {
    const file = storeFile();
    const original = await withStore(file, (store) => developmentKey(store, file, 1_000));
    chmodSync(original.file, 0o644);
    const afterChmod = await withStore(file, (store) => developmentKey(store, file, 2_000));
    expect(afterChmod.kept).toBe(false);
    expect(afterChmod.key).not.toBe(original.key);
    expect(statSync(afterChmod.file).mode & 0o777).toBe(0o600);
    await withStore(file, async (store) => {
      expect(await works(store, original.key)).toBe(false);
      expect(await works(store, afterChmod.key)).toBe(true);
    });

    writeFileSync(afterChmod.file, 'not a key\n', { mode: 0o600 });
    const afterGarbage = await withStore(file, (store) => developmentKey(store, file, 3_000));
    expect(afterGarbage.kept).toBe(false);
    await withStore(file, async (store) => expect(await works(store, afterChmod.key)).toBe(false));

    // A link planted at the file's name is not followed: neither read as the key nor written through.
    const elsewhere = join(scratch, `planted-${folders}`);
    writeFileSync(elsewhere, afterGarbage.key + '\n', { mode: 0o600 });
    rmSync(afterGarbage.file);
    symlinkSync(elsewhere, afterGarbage.file);
    const afterLink = await withStore(file, (store) => developmentKey(store, file, 4_000));
    expect(afterLink.kept).toBe(false);
    expect(statSync(afterLink.file).isFile()).toBe(true);
    expect(readFileSync(afterLink.file, 'utf8')).toBe(afterLink.key + '\n');
    expect(readFileSync(elsewhere, 'utf8')).toBe(afterGarbage.key + '\n');
  });

  it('is replaced when its key no longer works on this store: revoked, or the store is a new one', async () => {
    const file = storeFile();
    const first = await withStore(file, (store) => developmentKey(store, file, 1_000));
    await withStore(file, async (store) =>
      expect(await store.keys.revokeKey(parseKey(first.key)!.id, 1_500)).toBe(true),
    );
    const afterRevoke = await withStore(file, (store) => developmentKey(store, file, 2_000));
    expect(afterRevoke.kept).toBe(false);
    expect(afterRevoke.key).not.toBe(first.key);

    // The store deleted (a fresh start on the same folder): the key in the file is unknown to the new store.
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    expect(existsSync(afterRevoke.file)).toBe(true);
    const fresh = await withStore(file, (store) => developmentKey(store, file, 3_000));
    expect(fresh.kept).toBe(false);
    expect(fresh.key).not.toBe(afterRevoke.key);
    await withStore(file, async (store) => expect(await works(store, fresh.key)).toBe(true));
  });
});
