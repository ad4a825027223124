import type { AccountRecord } from './account-store.js';
import type { KeyEnvironment } from './api-key.js';
import type { Tier } from './tiers.js';

/** What authentication needs about a key, read on every request. */
export interface KeyRecord {
  /** Short non-secret key id. */
  id: string;
  /** SHA-256 of the key. */
  digest: Uint8Array;
  /** `live` or `test`. */
  environment: KeyEnvironment;
  /** Account the key belongs to (quota is per account). */
  accountId: number;
  /** Account name. */
  accountName: string;
  /** The account's tier. */
  tier: Tier;
  /** Requests per second. */
  rate: number;
  /** Records per calendar month. */
  monthlyQuota: number;
  /** Epoch ms when revoked, or null. */
  revokedAt: number | null;
  /** Epoch ms after which the key stops working (rotation grace), or null. */
  expiresAt: number | null;
  /** Epoch ms from which the account is not served (402 subscription_required): since it has had no paid plan, or a past-due grace's end; null: served. */
  planEndsAt: number | null;
}

/** What the store needs to save a new key: the digest, never the key. */
export interface NewKey {
  /** Key id. */
  id: string;
  /** SHA-256 of the key. */
  digest: Uint8Array;
  /** `live` or `test`. */
  environment: KeyEnvironment;
}

/** A new key made by its owner: a name and an optional expiry. */
export interface NewAccountKey extends NewKey {
  /** The owner's name for the key. */
  name: string;
  /** Epoch ms after which it stops working, or null. */
  expiresAt: number | null;
}

/** The account a new operator-made key is for; the account is created on first use. */
export interface AccountSpec {
  /** Account name (unique). */
  name: string;
  /** Tier. */
  tier: Tier;
  /** Requests per second. */
  rate: number;
  /** Records per month. */
  monthlyQuota: number;
}

/**
 * A key as the operator and its account's owner see it (never the secret); times are epoch ms, formatted where shown.
 * @example { id: 'Ab3dE6gH', name: 'ci', environment: 'live', accountId: 7, createdAt: 1764115200000, lastUsedAt: null, expiresAt: null, revokedAt: null }
 */
export interface KeyListing {
  /** Key id. */
  id: string;
  /** The owner's name for the key (empty for operator-made keys). */
  name: string;
  /** `live` or `test`. */
  environment: KeyEnvironment;
  /** The account it belongs to. */
  accountId: number;
  /** Epoch ms of creation. */
  createdAt: number;
  /** Epoch ms of the last authenticated request (to the minute), or null. */
  lastUsedAt: number | null;
  /** Epoch ms after which it stops working, or null. */
  expiresAt: number | null;
  /** Epoch ms of revocation, or null. */
  revokedAt: number | null;
}

/** A key with its account and the account's usage in a period, as the operator's `ussynth-server keys list` reads it. */
export interface KeyWithAccount extends KeyListing {
  /** The account (a deleted account's keys show it under its freed name). */
  account: AccountRecord;
  /** Records used by the account in the period asked for. */
  used: number;
}

/** A page of an account's keys: the keys after a position of the newest-first order. */
export interface KeyPage {
  /** Most keys to return. */
  limit: number;
  /** The last key of the previous page (its creation time and id), or none for the first page. */
  after?: { createdAt: number; id: string };
}

/**
 * API keys: the operator's (`ussynth-server keys`) and those owners make in the dashboard, in one table. Only
 * digests reach it. The per-request lookup (`Store.findKey`) stays on the store, which answers it its own way.
 * @example await store.keys.revokeKey('Ab3dE6gH', Date.now());
 */
export interface KeyStore {
  /** Saves a key for an account (created when missing; an existing account must have the same tier and limits). */
  createKey(account: AccountSpec, key: NewKey, now: number): Promise<void>;
  /** Every key with its account and the account's usage in `period`, sorted by account name then id. */
  listKeys(period: string): Promise<KeyWithAccount[]>;
  /** Revokes a key now; false when no such key (revoking twice is not an error). */
  revokeKey(id: string, now: number): Promise<boolean>;
  /** Adds `next` to the account of `id` and makes `id` expire at `expiresAt`; false when `id` is unknown or no longer works. */
  rotateKey(id: string, next: NewKey, expiresAt: number, now: number): Promise<boolean>;
  /**
   * Saves a key made by the account's owner; 'limit' (nothing saved) when the
   * account already has `maxWorkingKeys` keys that are neither revoked nor
   * expired. Concurrent calls for one account are serialised, so the cap holds.
   */
  createAccountKey(
    accountId: number,
    key: NewAccountKey,
    now: number,
    maxWorkingKeys?: number,
  ): Promise<'created' | 'limit'>;
  /** The account's keys, newest first (then by id); with `page`, at most `page.limit` of them after `page.after`. */
  listAccountKeys(accountId: number, page?: KeyPage): Promise<KeyListing[]>;
  /** Revokes one of the account's keys; false when the account has no such key. */
  revokeAccountKey(accountId: number, keyId: string, now: number): Promise<boolean>;
  /**
   * Adds `next` with the old key's name and expiry and makes the old key end
   * at `graceEndsAt` (never later than its own expiry); false when the
   * account has no such key or it no longer works.
   */
  rollAccountKey(accountId: number, keyId: string, next: NewKey, graceEndsAt: number, now: number): Promise<boolean>;
  /** Records when keys were last used (epoch ms, to the minute). */
  touchKeys(lastUsed: ReadonlyMap<string, number>): Promise<void>;
}
