import type { Awaitable } from '../runtime/awaitable.js';
import type { Store } from '../store/store.js';
import { calendarMonth, type CalendarMonth } from './calendar-month.js';
import type { MonthlyQuota, QuotaDecision } from './monthly-quota.js';

/** Smallest block reserved for a key (unless the request itself needs more). */
export const MIN_LEASE_BLOCK = 100;
/** Largest block reserved for a key: what one instance can lose to a kill -9, per key it was serving. */
export const MAX_LEASE_BLOCK = 100_000;
/** A block is at most this fraction of the quota still free when it is taken (1/16): blocks shrink as the quota nears its end. */
export const LEASE_SHARE = 16;
/** A block a key has not drawn on for this long is returned (and at shutdown). */
export const LEASE_IDLE_MS = 1000;

interface Lease {
  accountId: number;
  period: string;
  month: CalendarMonth;
  /** Records reserved and not yet served. */
  left: number;
  /** The period's total in the store after this instance's last reservation (every instance's blocks included). */
  used: number;
  /** Size of the last block, and when it was taken: the next is twice as big if it lasted under a second. */
  block: number;
  reservedAt: number;
  lastUseMs: number;
  /** The reservation under way, if any: the requests that need it wait for it instead of asking again. */
  pending: Promise<void> | undefined;
}

/**
 * A monthly quota for many instances, served from leases: an instance
 * reserves a block of a key's month from the store in one conditional
 * update (the store's `debitUsage`: the sum of every instance's blocks never
 * passes the quota) and serves requests from it in memory, so the request
 * path reaches PostgreSQL about once a second per busy key instead of once a
 * turn. Blocks follow demand (doubled while one lasts under a second, from
 * 100 up to 100,000 records) and never exceed 1/16 of what is still free when
 * taken, so they shrink as the month's quota runs out; a block the key has
 * not used for a second, and every block at shutdown, is given back. The
 * store's total counts records served plus records held in blocks: a kill -9
 * leaves the blocks it held charged (never more than the quota). Guarantees
 * and figures: docs/deploy.md, "Monthly quotas: leases".
 * @example const quota = new LeasedMonthlyQuota(store); const d = await quota.debit(7, 10, 100_000, Date.now());
 */
export class LeasedMonthlyQuota implements MonthlyQuota {
  private readonly leases = new Map<string, Lease>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly returning = new Set<Promise<void>>();
  private closed = false;
  private current = calendarMonth(0);

  constructor(
    private readonly store: Store,
    private readonly clock: () => number = Date.now,
  ) {
    this.sweeper = setInterval(() => this.returnIdle(this.clock() - LEASE_IDLE_MS), LEASE_IDLE_MS);
    this.sweeper.unref();
  }

  debit(accountId: number, records: number, limit: number, nowMs: number): Awaitable<QuotaDecision> {
    const lease = this.lease(accountId, nowMs);
    lease.lastUseMs = nowMs;
    // The plan was lowered below what is charged already: the block goes back, and the store decides from here on.
    if (limit < lease.used && lease.left > 0 && !lease.pending) this.giveBack(lease);
    // The common case, answered at once: the block covers the request.
    if (lease.left >= records) {
      lease.left -= records;
      return this.decision(lease, true, limit, nowMs);
    }
    return this.debitFromStore(lease, records, limit, nowMs);
  }

  peek(accountId: number, limit: number, nowMs: number): Awaitable<QuotaDecision> {
    const month = this.month(nowMs);
    const lease = this.leases.get(`${accountId} ${month.period}`);
    if (lease) return this.decision(lease, true, limit, nowMs);
    return Promise.resolve(this.store.usage(accountId, month.period)).then((used) =>
      quotaDecision(true, limit - used, month, nowMs),
    );
  }

  async refund(accountId: number, records: number, nowMs: number): Promise<void> {
    // Back into this instance's block when it has one for that month (served again later, or returned with it).
    const { period } = this.month(nowMs);
    const lease = this.leases.get(`${accountId} ${period}`);
    if (lease && !this.closed) lease.left += records;
    else await this.store.refundUsage(accountId, period, records);
  }

  /** Gives every block back (at shutdown, before the store closes); later debits go to the store one by one. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    await Promise.all([...this.leases.values()].map((lease) => lease.pending));
    this.returnIdle(Infinity);
    await Promise.all(this.returning);
  }

  /** Records this instance holds in blocks, unserved, over every key (for tests). */
  held(): number {
    let total = 0;
    for (const lease of this.leases.values()) total += lease.left;
    return total;
  }

  // The month is the same for every request of a month: computed again only when the clock leaves it.
  private month(nowMs: number): CalendarMonth {
    if (nowMs < this.current.startMs || nowMs >= this.current.endMs) this.current = calendarMonth(nowMs);
    return this.current;
  }

  /** Waits for the reservation under way, or makes one, until the block covers the request or the store refuses. */
  private async debitFromStore(lease: Lease, records: number, limit: number, nowMs: number): Promise<QuotaDecision> {
    while (lease.left < records) {
      if (lease.pending) {
        await lease.pending;
        continue;
      }
      const reservation = this.reserve(lease, records - lease.left, limit, nowMs);
      lease.pending = reservation.then(
        () => undefined,
        () => undefined,
      );
      let granted: boolean;
      try {
        granted = await reservation;
      } finally {
        lease.pending = undefined;
      }
      if (!granted && lease.left < records) return this.decision(lease, false, limit, nowMs);
    }
    lease.left -= records;
    return this.decision(lease, true, limit, nowMs);
  }

  private lease(accountId: number, nowMs: number): Lease {
    const month = this.month(nowMs);
    const id = `${accountId} ${month.period}`;
    let lease = this.leases.get(id);
    if (!lease) {
      lease = {
        accountId,
        period: month.period,
        month,
        left: 0,
        used: 0,
        block: 0,
        reservedAt: nowMs,
        lastUseMs: nowMs,
        pending: undefined,
      };
      this.leases.set(id, lease);
    }
    return lease;
  }

  /**
   * Reserves at least `needed` more records for the lease: a block sized to demand and to what is free (as last
   * seen), then, when the store says it does not fit, once more at the size the store's answer allows. False when
   * not even `needed` fits.
   */
  private async reserve(lease: Lease, needed: number, limit: number, nowMs: number): Promise<boolean> {
    if (this.closed) return this.reserveExactly(lease, needed, limit);
    const quick = nowMs - lease.reservedAt < 1000;
    const demand =
      lease.block === 0
        ? MIN_LEASE_BLOCK
        : quick
          ? lease.block * 2
          : Math.max(MIN_LEASE_BLOCK, Math.floor(lease.block / 2));
    let want = blockSize(needed, demand, limit - lease.used);
    for (let attempt = 0; attempt < 3; attempt++) {
      const debit = await this.store.debitUsage(lease.accountId, lease.period, want, limit);
      lease.used = debit.used;
      if (debit.granted) {
        lease.left += want;
        lease.block = want;
        lease.reservedAt = nowMs;
        return true;
      }
      const free = limit - debit.used;
      if (free < needed) return false;
      want = blockSize(needed, demand, free);
    }
    return false;
  }

  private async reserveExactly(lease: Lease, needed: number, limit: number): Promise<boolean> {
    const debit = await this.store.debitUsage(lease.accountId, lease.period, needed, limit);
    lease.used = debit.used;
    if (debit.granted) lease.left += needed;
    return debit.granted;
  }

  /** Returns the blocks of leases last used before `beforeMs` (and of past months) to the store. */
  private returnIdle(beforeMs: number): void {
    for (const [id, lease] of this.leases) {
      if (lease.pending || lease.lastUseMs >= beforeMs) continue;
      this.leases.delete(id);
      this.giveBack(lease);
    }
  }

  /** Returns the lease's unserved records to the store. */
  private giveBack(lease: Lease): void {
    if (lease.left === 0) return;
    const work = Promise.resolve(this.store.refundUsage(lease.accountId, lease.period, lease.left));
    lease.used -= lease.left;
    lease.left = 0;
    // refundUsage never rejects: one the store cannot take now waits in the store and is retried until taken.
    const done = work.then(
      () => undefined,
      () => undefined,
    );
    this.returning.add(done);
    void done.finally(() => this.returning.delete(done));
  }

  private decision(lease: Lease, granted: boolean, limit: number, nowMs: number): QuotaDecision {
    // The store's total counts this instance's unserved block as used: what is left includes it.
    return quotaDecision(granted, limit - lease.used + lease.left, lease.month, nowMs);
  }
}

/**
 * The block to reserve: `needed` at least; else one second of demand, capped at 100,000 records and at 1/16 of
 * what is free (the shrinking that keeps the end of a quota close to exact).
 * @example blockSize(10, 800, 20_000) // 800
 */
export function blockSize(needed: number, demand: number, free: number): number {
  return Math.max(needed, Math.min(demand, MAX_LEASE_BLOCK, Math.floor(free / LEASE_SHARE)));
}

function quotaDecision(granted: boolean, remaining: number, month: CalendarMonth, nowMs: number): QuotaDecision {
  return {
    granted,
    remaining: Math.max(0, remaining),
    resetSeconds: Math.max(1, Math.ceil((month.endMs - nowMs) / 1000)),
    windowSeconds: (month.endMs - month.startMs) / 1000,
    whenDurable: undefined,
  };
}
