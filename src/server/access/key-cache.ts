import { timingSafeEqual } from 'node:crypto';
import type { Awaitable } from '../../awaitable.js';
import { digestMatches } from '../../store/api-key.js';
import type { KeyRecord, Store } from '../../store/store.js';

/** How long a key read from the store is trusted: revocation takes effect on every instance within this time. */
export const KEY_CACHE_TTL_MS = 1000;

/**
 * Key records by id for a short time, so most requests skip the store; a
 * revoked key stops working within `ttlMs` on every instance. Unknown ids
 * are not cached (so a key created by `ussynth keys create` works at once).
 * @example const keys = new KeyCache(store); await keys.get('Ab3dE6gH', Date.now())
 */
export class KeyCache {
  private readonly entries = new Map<string, { record: KeyRecord; until: number; verified?: Buffer }>();

  constructor(
    private readonly store: Store,
    private readonly ttlMs = KEY_CACHE_TTL_MS,
  ) {}

  /** The cached record at once, or a promise of the store's answer on a miss. */
  get(id: string, now: number): Awaitable<KeyRecord | undefined> {
    const hit = this.entries.get(id);
    if (hit && hit.until > now) return hit.record;
    return this.load(id, now);
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
    const entry = this.entries.get(record.id);
    const bytes = Buffer.from(presented, 'latin1');
    if (entry?.record === record && entry.verified) {
      return entry.verified.length === bytes.length && timingSafeEqual(entry.verified, bytes);
    }
    if (!digestMatches(presented, record.digest)) return false;
    if (entry?.record === record) entry.verified = bytes;
    return true;
  }

  private async load(id: string, now: number): Promise<KeyRecord | undefined> {
    const record = await this.store.findKey(id);
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
