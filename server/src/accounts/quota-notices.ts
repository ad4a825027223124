import { calendarMonth } from '../limits/calendar-month.js';
import type { Mailer } from '../mail/mailer.js';
import type { Store } from '../store/store.js';
import { quotaNoticeEmail } from './quota-notice-email.js';

/** The shares of the monthly quota (percent) whose crossing is e-mailed to the account's owners, once a month each. */
export const QUOTA_NOTICE_THRESHOLDS: readonly number[] = [80, 100];
/** An account whose owners turned notices off is asked again after this long (they may turn them back on). */
const DISABLED_RECHECK_MS = 60_000;

/** An account's quota notices as the dashboard and /v1/usage show them. */
export interface QuotaNoticeStatus {
  /** Whether the owners get them. */
  enabled: boolean;
  /** The thresholds, percent of the monthly quota. */
  thresholds: number[];
  /** The thresholds already e-mailed this month. */
  sent: number[];
}

/**
 * E-mails an account's owners when its month passes 80 % and 100 % of the
 * quota, once per threshold and month however many instances serve it: the
 * request path only compares the quota decision with the thresholds (a
 * multiplication and a comparison per debit); a crossing, once per instance,
 * claims the threshold in the store (an insert on its key: one instance
 * wins) and the winner sends. At most once: a send that fails after the
 * claim is reported, not retried. With PostgreSQL the decision's remaining
 * records are the instance's leased view, so a notice may come a lease
 * earlier than exact (leases shrink near the end of a quota). Notices follow
 * what was used: a request refused for want of records uses none, so it sends
 * nothing (1,000 of 1,500 used and a refused request for 1,000 is still 67 %).
 * @example notices.observed(7, 100_000, 19_000, Date.now()); // 81 % used: the 80 % e-mail, once
 */
export class QuotaNotices {
  /** Thresholds this instance handled (claimed, found claimed, or skipped while off), by account, month and threshold; the value is when to look again (Infinity: never). */
  private readonly handled = new Map<string, number>();
  private month = { startMs: 0, endMs: 0, period: '' };

  constructor(
    private readonly deps: {
      store: Store;
      mailer: Mailer;
      publicUrl: () => string;
      clock: () => number;
      onError?: (error: unknown) => void;
    },
  ) {}

  /** After a quota decision, granted or refused: `remaining` records of `quota` left this month. */
  observed(accountId: number, quota: number, remaining: number, now: number): void {
    const used = quota - remaining;
    // Below 80 % (the common case): nothing more.
    if (used * 5 < quota * 4) return;
    if (now < this.month.startMs || now >= this.month.endMs) this.month = calendarMonth(now);
    const reached = used >= quota ? 100 : 80;
    for (const threshold of QUOTA_NOTICE_THRESHOLDS) {
      if (threshold > reached) break;
      const key = `${accountId} ${this.month.period} ${threshold}`;
      const again = this.handled.get(key);
      if (again !== undefined && now < again) continue;
      this.handled.set(key, Infinity);
      void this.notify(accountId, this.month.period, threshold, quota, key).catch((error: unknown) => {
        // Not claimed (the store failed before): another request tries again.
        this.handled.delete(key);
        this.deps.onError?.(error);
      });
    }
  }

  /** The account's notices: on or off, the thresholds, and those sent in the month of `now`. */
  async status(accountId: number, now: number): Promise<QuotaNoticeStatus> {
    const { store } = this.deps;
    const [enabled, sent] = await Promise.all([
      store.quotaNotices.enabled(accountId),
      store.quotaNotices.sent(accountId, calendarMonth(now).period),
    ]);
    return { enabled, thresholds: [...QUOTA_NOTICE_THRESHOLDS], sent };
  }

  /** Turns the account's notices on or off (an owner's choice). */
  async setEnabled(accountId: number, enabled: boolean): Promise<void> {
    await this.deps.store.quotaNotices.setEnabled(accountId, enabled);
    // Looked at afresh on the next request.
    for (const key of [...this.handled.keys()]) if (key.startsWith(`${accountId} `)) this.handled.delete(key);
  }

  private async notify(
    accountId: number,
    period: string,
    threshold: number,
    quota: number,
    key: string,
  ): Promise<void> {
    const { store, mailer, clock, publicUrl } = this.deps;
    if (!(await store.quotaNotices.enabled(accountId))) {
      this.handled.set(key, clock() + DISABLED_RECHECK_MS);
      return;
    }
    if (!(await store.quotaNotices.claim(accountId, period, threshold, clock()))) return;
    const account = await store.accounts.findAccount(accountId);
    const owners = (await store.people.listPeople(accountId)).filter(
      (person) => person.role === 'owner' && person.emailVerifiedAt !== null,
    );
    for (const owner of owners) {
      try {
        await mailer.send(
          quotaNoticeEmail(publicUrl(), owner.email, {
            account: account?.name ?? owner.email,
            period,
            threshold,
            quota,
          }),
        );
      } catch (error) {
        this.deps.onError?.(error);
      }
    }
  }
}
