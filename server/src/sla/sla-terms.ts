import type { Tier } from '../store/tiers.js';
import type { SlaConfig } from './sla-config.js';

/** A credit step with its threshold resolved for one plan's objective. */
export interface ResolvedCreditStep {
  /** Availability (percent) below which this credit applies. */
  belowPercent: number;
  /** Share of the month's fee credited (percent). */
  creditPercent: number;
}

/** The SLA as the pages and the API publish it: one source (the configuration) for every place. */
export interface PublishedTerms {
  /** Monthly objective per plan, percent (Enterprise: the default; a contract may set its own). */
  objectivePercent: Record<Tier, number>;
  /** Credit steps with "below the objective" as `null`. */
  credits: { belowPercent: number | null; creditPercent: number }[];
  /** A /v1 answer slower than this (ms) counts as failed. */
  slowMs: number;
  /** Days ahead a maintenance window must be announced to be excluded. */
  maintenanceNoticeDays: number;
}

/**
 * The terms to publish (GET /account/v1/plans, /v1/sla, the status page).
 * @example publishedTerms(config.sla).objectivePercent.pro // 99.9
 */
export function publishedTerms(sla: SlaConfig): PublishedTerms {
  return {
    objectivePercent: { ...sla.objectivePercent },
    credits: sla.credits.map((step) => ({ ...step })),
    slowMs: sla.slowMs,
    maintenanceNoticeDays: sla.maintenanceNoticeDays,
  };
}

/**
 * The credit schedule for an objective, "below the objective" resolved.
 * @example creditSteps(config.sla, 99.9) // [{ belowPercent: 99.9, creditPercent: 10 }, { belowPercent: 99, ... }, ...]
 */
export function creditSteps(sla: Pick<SlaConfig, 'credits'>, objectivePercent: number): ResolvedCreditStep[] {
  return sla.credits.map((step) => ({
    belowPercent: step.belowPercent ?? objectivePercent,
    creditPercent: step.creditPercent,
  }));
}

/**
 * The credit owed (percent of the month's fee) for an availability (a fraction from 0 to 1): the largest step
 * whose threshold the availability is below; 0 when the objective was met.
 * @example creditPercent(config.sla, 99.9, 0.985) // 25
 */
export function creditPercent(sla: Pick<SlaConfig, 'credits'>, objectivePercent: number, availability: number): number {
  let credit = 0;
  // Compared in percent rounded to 6 decimals, so 0.999 is not "below 99.9" through binary rounding.
  const percent = Math.round(availability * 100 * 1e6) / 1e6;
  for (const step of creditSteps(sla, objectivePercent))
    if (percent < step.belowPercent) credit = Math.max(credit, step.creditPercent);
  return credit;
}
