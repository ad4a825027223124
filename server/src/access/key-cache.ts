import type { Awaitable } from '../runtime/awaitable.js';
import { digestMatches } from '../store/api-key.js';
import type { KeyRecord } from '../store/key-store.js';
import type { Store } from '../store/store.js';
import { constantTimeEqual } from '../crypto/constant-time-equal.js';

/** How long a key read from the store is trusted: revocation takes effect on every instance within this time. */
export const KEY_CACHE_TTL_MS = 1000;

/**
 * Key records by id for a short time, so most requests skip the store; a
 * revoked key stops working within `ttlMs` on every instance. Unknown ids
 * are not cached (so a key created by `ussynth-server keys create` works at once).
 * @example const keys = new KeyCache(store); await keys.get('Ab3dE6gH', Date.now())
 */
export class KeyCache {
  private readonly entries = new Map<string, { record: KeyRecord; until: number; verified?: string }>();
  // Counts forget calls: a store read that began before one must not cache what it read (it may predate the change).
  private generation = 0;

  constructor(
    private readonly store: Store,
    private readonly ttlMs = KEY_CACHE_TTL_MS,
  ) {}

  /** The cached record at once, or a promise of the store's answer on a miss. */
  get(id: string, now: number): Awaitable<KeyRecord | undefined> {
    return this.peek(id, now) ?? this.load(id, now);
  }

  /**
   * Whether `presented` is the key of the cached record `id`: the first
   * check after each store read hashes it and compares digests; later ones,
   * until the entry expires (at most `ttlMs` after the read), compare it in
   * constant time with the key that matched. The key stays in memory no
   * longer than the entry (the store keeps only its digest); this saves a
   * SHA-256 on almost every request.
   * @example if (!keys.verify(record, presented)) refuse();
   */
  verify(record: KeyRecord, presented: string): boolean {
    if (this.matchesVerified(record, presented)) return true;
    if (!digestMatches(presented, record.digest)) return false;
    const entry = this.entries.get(record.id);
    if (entry?.record === record) entry.verified = presented;
    return true;
  }

  /**
   * Whether `presented` is, compared in constant time, the key that matched
   * the cached record's digest since its last store read; false when none
   * did yet (then `verify` hashes it). A match also proves the checksum.
   * @example if (keys.matchesVerified(record, presented)) admit(record);
   */
  matchesVerified(record: KeyRecord, presented: string): boolean {
    const entry = this.entries.get(record.id);
    const verified = entry?.record === record ? entry.verified : undefined;
    return verified !== undefined && constantTimeEqual(verified, presented);
  }

  /**
   * The cached record at once when it is fresh, else undefined (no store read).
   * @example const record = keys.peek('Ab3dE6gH', Date.now());
   */
  peek(id: string, now: number): KeyRecord | undefined {
    const hit = this.entries.get(id);
    return hit && hit.until > now ? hit.record : undefined;
  }

  /**
   * Drops the cached record of a key this instance just revoked or rolled, so
   * its next request reads the store (and is refused) instead of waiting out the TTL.
   * @example await store.keys.revokeAccountKey(accountId, id, now); keys.forget(id);
   */
  forget(id: string): void {
    this.generation++;
    this.entries.delete(id);
  }

  /**
   * Drops every cached key of an account (after its deletion revoked them all).
   * @example keys.forgetAccount(account.id);
   */
  forgetAccount(accountId: number): void {
    this.generation++;
    for (const [id, entry] of this.entries) if (entry.record.accountId === accountId) this.entries.delete(id);
  }

  private async load(id: string, now: number): Promise<KeyRecord | undefined> {
    const generation = this.generation;
    const record = await this.store.findKey(id);
    if (generation !== this.generation) return record;
    if (record) {
      // Bounded: drop everything when it grows past what any realistic number of active keys needs.
      if (this.entries.size >= 100_000) this.entries.clear();
      this.entries.set(id, { record, until: now + this.ttlMs });
    } else {
      this.entries.delete(id);
    }
    return record;
  }
}
