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
  private readonly entries = new Map<string, { record: KeyRecord; until: number }>();

  constructor(
    private readonly store: Store,
    private readonly ttlMs = KEY_CACHE_TTL_MS,
  ) {}

  async get(id: string, now: number): Promise<KeyRecord | undefined> {
    const hit = this.entries.get(id);
    if (hit && hit.until > now) return hit.record;
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
