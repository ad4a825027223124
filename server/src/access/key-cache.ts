import type { Awaitable } from '../runtime/awaitable.js';
import { digestMatches } from '../store/api-key.js';
import type { KeyRecord } from '../store/key-store.js';
import type { Store } from '../store/store.js';

/** How long a key read from the store is trusted: revocation takes effect on every instance within this time. */
export const KEY_CACHE_TTL_MS = 1000;

/**
 * Key records by id for a short time, so most requests skip the store; a
 * revoked key stops working within `ttlMs` on every instance. Unknown ids
 * are not cached (so a key created by `ussynth-server keys create` works at once).
 * @example const keys = new KeyCache(store); await keys.get('Ab3dE6gH', Date.now())
 */
export class KeyCache {
  private readonly entries = new Map<string, { record: KeyRecord; until: number }>();
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
   * Whether `presented` is the key of the cached record: its SHA-256 digest
   * compared in constant time with the stored one, on every request. (Keeping
   * the key that matched to compare it instead saved about 1.2 µs a request,
   * under 5 % of one: docs/benchmarks.md, *Request-path tricks*; so no key is
   * kept in memory, only its digest.)
   * @example if (!keys.verify(record, presented)) refuse();
   */
  verify(record: KeyRecord, presented: string): boolean {
    return digestMatches(presented, record.digest);
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
   * The record this instance last read for the key, however old (undefined if never read, or forgotten): only to say
   * whose request failed while the store could not be read (the SLA's attribution), never to admit one.
   * @example const known = keys.lastKnown('Ab3dE6gH');
   */
  lastKnown(id: string): KeyRecord | undefined {
    return this.entries.get(id)?.record;
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
