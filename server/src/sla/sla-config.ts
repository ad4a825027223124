import type { Tier } from '../store/tiers.js';

/** One step of the credit schedule: below `belowPercent` availability, `creditPercent` of the month's fee. */
export interface CreditStep {
  /** Availability (percent) below which the step applies; `null` means the plan's objective. */
  belowPercent: number | null;
  /** Share of the month's fee credited (percent). */
  creditPercent: number;
}

/** The SLA's figures (docs/sla.md), configuration with the published defaults, checked at start-up. */
export interface SlaConfig {
  /** Monthly availability objective per plan, in percent (Enterprise: the default for an account without its own). */
  objectivePercent: Record<Tier, number>;
  /** Credit steps, the smallest credit first (each step's threshold lower than the one before). */
  credits: CreditStep[];
  /** A /v1 answer slower than this (ms) counts as bad. */
  slowMs: number;
  /** Days ahead a maintenance window must be announced on the status page to be excluded. */
  maintenanceNoticeDays: number;
  /** Whether /status and /status.json show each day's number of requests (USSYNTH_STATUS_REQUEST_COUNTS=show); default: percentages only. */
  statusRequestCounts: boolean;
  /** Test-only: while this file exists, authenticated /v1 requests answer 500 (refused when NODE_ENV=production). */
  faultFile: string | null;
}

/** The published defaults: 99.9 % for every plan; 10 % below the objective, 25 % below 99 %, 50 % below 95 %. */
export const DEFAULT_SLA: Readonly<SlaConfig> = {
  objectivePercent: { standard: 99.9, pro: 99.9, enterprise: 99.9 },
  credits: [
    { belowPercent: null, creditPercent: 10 },
    { belowPercent: 99, creditPercent: 25 },
    { belowPercent: 95, creditPercent: 50 },
  ],
  slowMs: 2500,
  maintenanceNoticeDays: 5,
  statusRequestCounts: false,
  faultFile: null,
};

const OBJECTIVE_VARS: Record<Tier, string> = {
  standard: 'USSYNTH_SLA_OBJECTIVE_STANDARD',
  pro: 'USSYNTH_SLA_OBJECTIVE_PRO',
  enterprise: 'USSYNTH_SLA_OBJECTIVE_ENTERPRISE',
};

/**
 * Whether a text is an availability objective in percent: a number above 0 and below 100 with at most 4 decimals.
 * @example parseObjectivePercent('99.95') // 99.95
 */
export function parseObjectivePercent(text: string): number | null {
  if (!/^\d{1,2}(?:\.\d{1,4})?$/.test(text)) return null;
  const value = Number(text);
  return value > 0 && value < 100 ? value : null;
}

/**
 * Reads the SLA variables (USSYNTH_SLA_*, USSYNTH_SLI_SLOW_MS, USSYNTH_STATUS_REQUEST_COUNTS); every problem is pushed to `problems` naming its
 * variable, so a typo stops the start instead of publishing other terms than meant.
 * @example loadSlaConfig({ USSYNTH_SLA_OBJECTIVE_PRO: '99.95' }, problems).objectivePercent.pro // 99.95
 */
export function loadSlaConfig(env: NodeJS.ProcessEnv, problems: string[]): SlaConfig {
  const text = (name: string) => (env[name] === undefined || env[name] === '' ? null : env[name]!);
  const objectivePercent = { ...DEFAULT_SLA.objectivePercent };
  for (const [tier, name] of Object.entries(OBJECTIVE_VARS) as [Tier, string][]) {
    const given = text(name);
    if (given === null) continue;
    const value = parseObjectivePercent(given);
    if (value === null)
      problems.push(`${name} must be a percentage above 0 and below 100 such as 99.9; got ${JSON.stringify(given)}`);
    else objectivePercent[tier] = value;
  }
  const credits = creditsVar(text('USSYNTH_SLA_CREDITS'), objectivePercent, problems);
  const slowText = text('USSYNTH_SLI_SLOW_MS');
  let slowMs = DEFAULT_SLA.slowMs;
  if (slowText !== null) {
    if (/^\d{1,6}$/.test(slowText) && Number(slowText) >= 100 && Number(slowText) <= 60_000) slowMs = Number(slowText);
    else
      problems.push(
        `USSYNTH_SLI_SLOW_MS must be a whole number of milliseconds from 100 to 60000; got ${JSON.stringify(slowText)}`,
      );
  }
  const noticeText = text('USSYNTH_SLA_MAINTENANCE_NOTICE_DAYS');
  let maintenanceNoticeDays = DEFAULT_SLA.maintenanceNoticeDays;
  if (noticeText !== null) {
    if (/^\d{1,2}$/.test(noticeText)) maintenanceNoticeDays = Number(noticeText);
    else
      problems.push(
        `USSYNTH_SLA_MAINTENANCE_NOTICE_DAYS must be a whole number of days from 0 to 99; got ${JSON.stringify(noticeText)}`,
      );
  }
  const countsText = text('USSYNTH_STATUS_REQUEST_COUNTS');
  if (countsText !== null && countsText !== 'show' && countsText !== 'hide')
    problems.push(`USSYNTH_STATUS_REQUEST_COUNTS must be show or hide; got ${JSON.stringify(countsText)}`);
  const statusRequestCounts = countsText === 'show';
  const faultFile = text('USSYNTH_TEST_FAULT_FILE');
  if (faultFile !== null && env.NODE_ENV === 'production')
    problems.push(
      'USSYNTH_TEST_FAULT_FILE is a test-only fault switch and is refused when NODE_ENV=production; remove it',
    );
  return {
    objectivePercent,
    credits,
    slowMs,
    maintenanceNoticeDays,
    statusRequestCounts,
    faultFile: env.NODE_ENV === 'production' ? null : faultFile,
  };
}

// USSYNTH_SLA_CREDITS: "10@objective,25@99,50@95" - credit percent @ availability below which it applies.
function creditsVar(given: string | null, objectives: Record<Tier, number>, problems: string[]): CreditStep[] {
  if (given === null) return DEFAULT_SLA.credits.map((step) => ({ ...step }));
  const fail = (why: string) => {
    problems.push(
      `USSYNTH_SLA_CREDITS must list credit@availability steps such as "10@objective,25@99,50@95" (${why}); got ${JSON.stringify(given)}`,
    );
    return DEFAULT_SLA.credits.map((step) => ({ ...step }));
  };
  const steps: CreditStep[] = [];
  for (const part of given.split(',')) {
    const match = /^\s*(\d{1,3})@(objective|\d{1,2}(?:\.\d{1,4})?)\s*$/.exec(part);
    if (!match) return fail(`"${part.trim()}" is not credit@availability`);
    const creditPercent = Number(match[1]);
    if (creditPercent <= 0 || creditPercent > 100) return fail('a credit is a percentage of the fee from 1 to 100');
    const belowPercent = match[2] === 'objective' ? null : parseObjectivePercent(match[2]!);
    if (match[2] !== 'objective' && belowPercent === null) return fail('an availability is above 0 and below 100');
    steps.push({ belowPercent, creditPercent });
  }
  if (steps.filter((step) => step.belowPercent === null).length > 1) return fail('"objective" may appear once');
  if (steps.some((step, i) => i > 0 && step.belowPercent === null))
    return fail('"objective" can only be the first step');
  for (let i = 1; i < steps.length; i++) {
    const before = steps[i - 1]!;
    const step = steps[i]!;
    const beforeBelow = before.belowPercent ?? Math.min(...Object.values(objectives));
    if (!(step.belowPercent! < beforeBelow)) return fail("each step's availability must be lower than the step before");
    if (!(step.creditPercent > before.creditPercent))
      return fail("each step's credit must be larger than the step before");
  }
  return steps;
}
