import { accountApi } from './api.js';
import { byId } from './page-kit.js';

/** One month of GET /account/v1/sla. */
interface MonthSla {
  period: string;
  goodRequests: number;
  badRequests: number;
  availabilityPercent: number;
  creditPercent: number;
}

/** GET /account/v1/sla: the account's SLA, or null without a paid plan. */
interface DashboardSla {
  plan: string;
  sla: {
    objectivePercent: number;
    credits: { belowPercent: number; creditPercent: number }[];
    month: MonthSla;
    previousMonth: MonthSla;
  } | null;
}

/** GET /account/v1/sla/terms: the SLA's published figures (the service's configuration). */
export interface SlaTerms {
  objectivePercent: { standard: number; pro: number; enterprise: number };
  credits: { belowPercent: number | null; creditPercent: number }[];
  slowMs: number;
}

const percent = (value: number) => `${Number(value.toFixed(4))} %`;

/**
 * What the sign-up page says about the SLA, from the service's terms (the page adds the link to the status page).
 * @example slaTermsText(terms) // 'Standard and Pro come with a 99.9 % monthly availability objective ...'
 */
export function slaTermsText(terms: SlaTerms): string {
  const { standard, pro } = terms.objectivePercent;
  const objectives =
    standard === pro
      ? `Standard and Pro come with a ${percent(standard)} monthly availability objective`
      : `Standard comes with a ${percent(standard)} and Pro with a ${percent(pro)} monthly availability objective`;
  const credits = terms.credits
    .map(
      (step) =>
        `${step.creditPercent} % below ${step.belowPercent === null ? 'the objective' : percent(step.belowPercent)}`,
    )
    .join(', ');
  return `${objectives}; a month that falls short is credited (${credits} of its fee).`;
}

function monthText(month: MonthSla): string {
  const requests = month.goodRequests + month.badRequests;
  return `${percent(month.availabilityPercent)} available in ${month.period} (${requests.toLocaleString('en-US')} ${requests === 1 ? 'request' : 'requests'} counted, ${month.badRequests.toLocaleString('en-US')} failed)`;
}

/**
 * The dashboard's SLA section: this month's availability of the account's own requests, the objective of its plan,
 * and the credit owed (this month so far, and last month's for a claim).
 * @example await refreshSla()
 */
export async function refreshSla(): Promise<void> {
  const answer = await accountApi<DashboardSla>('GET', '/sla');
  const { sla } = answer;
  if (sla === null) {
    byId('sla-summary').textContent = 'No plan, so no SLA: the objective and credits apply once a plan serves.';
    byId('sla-credit').textContent = '';
    return;
  }
  byId('sla-summary').textContent =
    `${monthText(sla.month)}; your plan's objective is ${percent(sla.objectivePercent)} a month.`;
  const owed = [
    sla.month.creditPercent > 0 ? `${sla.month.creditPercent} % of this month's fee so far` : '',
    sla.previousMonth.creditPercent > 0
      ? `${sla.previousMonth.creditPercent} % of ${sla.previousMonth.period}'s fee (${percent(sla.previousMonth.availabilityPercent)} available): claim it from support`
      : '',
  ].filter(Boolean);
  byId('sla-credit').textContent = owed.length
    ? `Credit owed: ${owed.join('; ')}.`
    : 'No credit owed: the objective is met.';
}
