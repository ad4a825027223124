import type { Awaitable } from '../runtime/awaitable.js';
import type { Store, UsageDebit, WhenDurable } from '../store/store.js';
import { calendarMonth, type CalendarMonth } from './calendar-month.js';

/** Outcome of debiting records from a monthly quota. */
export interface QuotaDecision {
  /** Whether the records were debited. */
  granted: boolean;
  /** Records left this month after the call. */
  remaining: number;
  /** Whole seconds until the month resets (first day of next month, 00:00 UTC). */
  resetSeconds: number;
  /** Length of the current month in seconds (the policy window). */
  windowSeconds: number;
  /** Set when a grant is not yet durable: serve only once it calls back without an error (see UsageDebit). */
  whenDurable: WhenDurable | undefined;
}

/**
 * A monthly record quota, debited before serving. The store-backed ledger
 * implements it; a Redis counter could later do so behind the same interface.
 * Answers at once when its store does (the embedded one), else with a promise.
 * @example const d = await quota.debit(7, 1000, 100_000, Date.now()); if (!d.granted) reply.code(429); else d.whenDurable?.(serve);
 */
export interface MonthlyQuota {
  /** Debits `records` for the account unless that would exceed `limit` this month. */
  debit(accountId: number, records: number, limit: number, nowMs: number): Awaitable<QuotaDecision>;
  /** Reads what is left without debiting. */
  peek(accountId: number, limit: number, nowMs: number): Awaitable<QuotaDecision>;
  /** Gives back `records` debited at `nowMs` (same month) for a response that never reached its connection. */
  refund(accountId: number, records: number, nowMs: number): Awaitable<void>;
  /** Gives back what the quota holds for this instance (leases) before the store closes. */
  close(): Promise<void>;
}

/**
 * Monthly quota kept in the durable store: every debit is one atomic,
 * committed statement, so the quota holds across restarts and instances.
 * @example const quota = new StoreMonthlyQuota(store);
 */
export class StoreMonthlyQuota implements MonthlyQuota {
  private current = calendarMonth(0);

  constructor(private readonly store: Store) {}

  async debit(accountId: number, records: number, limit: number, nowMs: number): Promise<QuotaDecision> {
    const month = this.month(nowMs);
    const { granted, used, whenDurable }: UsageDebit = await this.store.debitUsage(
      accountId,
      month.period,
      records,
      limit,
    );
    return decision(granted, limit - used, month.endMs, month.startMs, nowMs, whenDurable);
  }

  async peek(accountId: number, limit: number, nowMs: number): Promise<QuotaDecision> {
    const month = this.month(nowMs);
    const used = await this.store.usage(accountId, month.period);
    return decision(true, limit - used, month.endMs, month.startMs, nowMs, undefined);
  }

  refund(accountId: number, records: number, nowMs: number): Awaitable<void> {
    return this.store.refundUsage(accountId, calendarMonth(nowMs).period, records);
  }

  async close(): Promise<void> {
    // Nothing held: every debit is the store's already.
  }

  // The month is the same for every request of a month: computed again only when the clock leaves it.
  private month(nowMs: number): CalendarMonth {
    if (nowMs < this.current.startMs || nowMs >= this.current.endMs) this.current = calendarMonth(nowMs);
    return this.current;
  }
}

function decision(
  granted: boolean,
  remaining: number,
  endMs: number,
  startMs: number,
  nowMs: number,
  whenDurable: WhenDurable | undefined,
): QuotaDecision {
  return {
    granted,
    remaining: Math.max(0, remaining),
    resetSeconds: Math.max(1, Math.ceil((endMs - nowMs) / 1000)),
    windowSeconds: (endMs - startMs) / 1000,
    whenDurable,
  };
}
