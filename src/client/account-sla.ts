/**
 * One month's availability of the account's own requests, as the service measured it (GET /v1/sla).
 * @example const { availabilityPercent, creditPercent } = (await client.sla()).month;
 */
export interface MonthSla {
  /** Calendar month (UTC), `YYYY-MM`. */
  period: string;
  /** ISO start of the month. */
  from: string;
  /** ISO end of what was measured (now, for the current month). */
  to: string;
  /** Requests that counted and were answered in time without a 5xx. */
  goodRequests: number;
  /** Requests answered with a 5xx or slower than the SLA's threshold. */
  badRequests: number;
  /** Availability in percent, 4 decimals. */
  availabilityPercent: number;
  /** Credit owed, percent of the month's fee (0: the objective was met). */
  creditPercent: number;
}

/**
 * The account's SLA: its objective, the credit schedule, this month so far and the month before (GET /v1/sla).
 * @example const sla = await client.sla(); if (sla.previousMonth.creditPercent > 0) claim(sla.previousMonth);
 */
export interface AccountSla {
  /** Monthly availability objective of the account's plan or contract, percent. */
  objectivePercent: number;
  /** Below `belowPercent` availability, `creditPercent` of the month's fee (the largest step that applies). */
  credits: { belowPercent: number; creditPercent: number }[];
  /** This month so far. */
  month: MonthSla;
  /** The month before. */
  previousMonth: MonthSla;
}
