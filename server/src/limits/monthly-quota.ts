import type { Store } from '../store/store.js';
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
}

/**
 * A monthly record quota, debited before serving. The store-backed ledger
 * implements it for one instance, the leased quota for many (leased-quota.ts).
 * A grant has settled once it is durable.
 * @example const d = await quota.debit(7, 1000, 100_000, Date.now()); if (!d.granted) reply.code(429);
 */
export interface MonthlyQuota {
  /** Debits `records` for the account unless that would exceed `limit` this month. */
  debit(accountId: number, records: number, limit: number, nowMs: number): Promise<QuotaDecision>;
  /** Reads what is left without debiting. */
  peek(accountId: number, limit: number, nowMs: number): Promise<QuotaDecision>;
  /** Gives back `records` debited at `nowMs` (same month) for a response that never reached its connection. */
  refund(accountId: number, records: number, nowMs: number): Promise<void>;
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
    const { granted, used } = await this.store.debitUsage(accountId, month.period, records, limit);
    return decision(granted, limit - used, month.endMs, month.startMs, nowMs);
  }

  async peek(accountId: number, limit: number, nowMs: number): Promise<QuotaDecision> {
    const month = this.month(nowMs);
    const used = await this.store.usage(accountId, month.period);
    return decision(true, limit - used, month.endMs, month.startMs, nowMs);
  }

  async refund(accountId: number, records: number, nowMs: number): Promise<void> {
    await this.store.refundUsage(accountId, calendarMonth(nowMs).period, records);
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

function decision(granted: boolean, remaining: number, endMs: number, startMs: number, nowMs: number): QuotaDecision {
  return {
    granted,
    remaining: Math.max(0, remaining),
    resetSeconds: Math.max(1, Math.ceil((endMs - nowMs) / 1000)),
    windowSeconds: (endMs - startMs) / 1000,
  };
}
