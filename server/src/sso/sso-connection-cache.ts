import type { SsoConnection, SsoStore } from '../store/sso-store.js';

/** How long an account's SSO settings are trusted: `ussynth-server accounts sso set|remove` reaches running servers within this time. */
export const SSO_CACHE_TTL_MS = 1000;

/**
 * Each account's SSO connection (or that it has none) for a short time, so a
 * /v1 request of an Enterprise account costs one map lookup here, not a
 * store query; the store is asked at most once per account per TTL.
 * @example const connection = cache.peek(7, now) ?? (await cache.load(7, now));
 */
export class SsoConnectionCache {
  private readonly entries = new Map<number, { connection: SsoConnection | null; until: number }>();

  constructor(
    private readonly store: SsoStore,
    private readonly ttlMs = SSO_CACHE_TTL_MS,
  ) {}

  /**
   * The account's connection at once: the connection, null for none, or
   * undefined when the cache has no fresh answer (then `load`).
   * @example if (cache.peek(7, now) === null) return; // no SSO
   */
  peek(accountId: number, now: number): SsoConnection | null | undefined {
    const hit = this.entries.get(accountId);
    return hit !== undefined && hit.until > now ? hit.connection : undefined;
  }

  /**
   * Reads the account's connection from the store and caches it.
   * @example const connection = await cache.load(7, Date.now());
   */
  async load(accountId: number, now: number): Promise<SsoConnection | null> {
    const connection = (await this.store.find(accountId)) ?? null;
    // Bounded like the key cache: far more entries than accounts with traffic means something is wrong.
    if (this.entries.size >= 100_000) this.entries.clear();
    this.entries.set(accountId, { connection, until: now + this.ttlMs });
    return connection;
  }
}
