import type { UsageDayDelta } from '../store/account-store.js';
import type { Store } from '../store/store.js';

/** How often counts are written to the store. */
export const ACTIVITY_FLUSH_MS = 1000;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Why a request was refused, as the dashboard counts it. */
export type RefusalReason = 'rate_limited' | 'quota_exceeded' | 'subscription_required';

/**
 * Per-day statistics of the `/v1` traffic (records debited, requests refused
 * by the rate limit and by the quota) and each key's last use, counted in
 * memory on the hot path (a map update per request) and written to the
 * store every second. The month's total, which the quota enforces, is the
 * usage ledger's and is exact; these counts feed the dashboard's chart and
 * can miss the last second before a crash (kill -9).
 * @example recorder.debited(key.accountId, 1000, Date.now()); recorder.refused(key.accountId, 'rate_limited', Date.now());
 */
export class ActivityRecorder {
  private days = new Map<string, UsageDayDelta>();
  private lastUsed = new Map<string, number>();
  private dayStart = 0;
  private dayText = '1970-01-01';
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly store: Pick<Store, 'accounts' | 'keys'>,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.timer = setInterval(() => void this.flush(), ACTIVITY_FLUSH_MS);
    this.timer.unref();
  }

  /** Counts records debited for the account. */
  debited(accountId: number, records: number, now: number): void {
    this.delta(accountId, now).records += records;
  }

  /** Counts a refused request. */
  refused(accountId: number, reason: RefusalReason, now: number): void {
    const delta = this.delta(accountId, now);
    if (reason === 'rate_limited') delta.rateLimited += 1;
    else if (reason === 'quota_exceeded') delta.quotaExceeded += 1;
    else delta.subscriptionRequired += 1;
  }

  /** Notes an authenticated request with the key, to the minute. */
  used(keyId: string, now: number): void {
    this.lastUsed.set(keyId, now - (now % MINUTE_MS));
  }

  /** Writes what was counted; on a store error the counts stay for the next try. */
  flush(): Promise<void> {
    return (this.flushing ??= this.write().finally(() => (this.flushing = undefined)));
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flushing;
    await this.flush();
  }

  private async write(): Promise<void> {
    const days = this.days;
    const lastUsed = this.lastUsed;
    if (days.size === 0 && lastUsed.size === 0) return;
    this.days = new Map();
    this.lastUsed = new Map();
    try {
      await this.store.accounts.addUsageDays([...days.values()]);
    } catch (error) {
      for (const [key, delta] of days) this.merge(key, delta);
      for (const [id, at] of lastUsed) if (!this.lastUsed.has(id)) this.lastUsed.set(id, at);
      this.onError(error);
      return;
    }
    try {
      await this.store.keys.touchKeys(lastUsed);
    } catch (error) {
      for (const [id, at] of lastUsed) if (!this.lastUsed.has(id)) this.lastUsed.set(id, at);
      this.onError(error);
    }
  }

  private merge(key: string, delta: UsageDayDelta): void {
    const current = this.days.get(key);
    if (!current) this.days.set(key, delta);
    else {
      current.records += delta.records;
      current.rateLimited += delta.rateLimited;
      current.quotaExceeded += delta.quotaExceeded;
      current.subscriptionRequired += delta.subscriptionRequired;
    }
  }

  private delta(accountId: number, now: number): UsageDayDelta {
    // The UTC day's text changes once a day: computed again only when the clock leaves the cached day.
    if (now < this.dayStart || now >= this.dayStart + DAY_MS) {
      this.dayStart = now - (now % DAY_MS);
      this.dayText = new Date(this.dayStart).toISOString().slice(0, 10);
    }
    const key = `${accountId} ${this.dayText}`;
    let delta = this.days.get(key);
    if (!delta) {
      delta = { accountId, day: this.dayText, records: 0, rateLimited: 0, quotaExceeded: 0, subscriptionRequired: 0 };
      this.days.set(key, delta);
    }
    return delta;
  }
}
