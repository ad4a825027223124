/**
 * Which quota notices an account was sent, and whether its owners want them:
 * a threshold is claimed once per account and month across every instance.
 * @example if (await store.quotaNotices.claim(7, '2026-11', 80, Date.now())) await sendNotice();
 */
export interface QuotaNoticeStore {
  /** Records that the notice of `threshold` (percent) for `period` is being sent; false when it already was (by any instance). */
  claim(accountId: number, period: string, threshold: number, now: number): Promise<boolean>;
  /** The thresholds whose notices were sent for `period`, ascending. */
  sent(accountId: number, period: string): Promise<number[]>;
  /** Whether the account's owners get quota notices (default: yes). */
  enabled(accountId: number): Promise<boolean>;
  /** Turns the account's quota notices on or off. */
  setEnabled(accountId: number, enabled: boolean): Promise<void>;
}
