/** A calendar month in UTC, the period of monthly quotas. */
export interface CalendarMonth {
  /** `YYYY-MM`, the usage period key. */
  period: string;
  /** Start, epoch ms (first day 00:00 UTC). */
  startMs: number;
  /** End, epoch ms (first day of the next month 00:00 UTC). */
  endMs: number;
}

/**
 * The UTC calendar month containing `nowMs`.
 * @example calendarMonth(Date.UTC(2026, 10, 21)).period // "2026-11"
 */
export function calendarMonth(nowMs: number): CalendarMonth {
  const now = new Date(nowMs);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    period: `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}`,
    startMs: Date.UTC(year, month, 1),
    endMs: Date.UTC(year, month + 1, 1),
  };
}
