import { mintKey, type KeyEnvironment } from './api-key.js';
import type { AccountSpec } from './key-store.js';
import { StoreConflictError, type Store } from './store.js';

/**
 * Mints a key and saves its digest for the account (created on first use);
 * returns the key text, which is never stored and must be shown once.
 * @example const { id, key } = await issueKey(store, { name: 'acme', tier: 'pro', rate: 50, monthlyQuota: 1_000_000 }, 'live', Date.now());
 */
export async function issueKey(
  store: Store,
  account: AccountSpec,
  environment: KeyEnvironment,
  now: number,
): Promise<{ id: string; key: string }> {
  // Ids are 8 random base62 characters; a clash is astronomically rare but retried rather than assumed away.
  for (let attempt = 0; ; attempt++) {
    const minted = mintKey(environment);
    try {
      await store.keys.createKey(account, minted, now);
      return { id: minted.id, key: minted.key };
    } catch (error) {
      if (attempt < 3 && error instanceof StoreConflictError && error.message.startsWith('key id')) continue;
      throw error;
    }
  }
}

/**
 * Replaces key `id` by a new key of the same account; the old one keeps
 * working for `graceSeconds`. Undefined when `id` is unknown, revoked or expired.
 * @example await rotateIssuedKey(store, 'Ab3dE6gH', 3600, Date.now()) // { id, key, expiresAt }
 */
export async function rotateIssuedKey(
  store: Store,
  id: string,
  graceSeconds: number,
  now: number,
): Promise<{ id: string; key: string; expiresAt: number } | undefined> {
  const old = await store.findKey(id);
  if (!old) return undefined;
  const minted = mintKey(old.environment);
  const expiresAt = now + graceSeconds * 1000;
  if (!(await store.keys.rotateKey(id, minted, expiresAt, now))) return undefined;
  return { id: minted.id, key: minted.key, expiresAt };
}
