import { calendarMonth } from '../limits/calendar-month.js';
import { ProblemError } from '../problem/problem-error.js';
import type { AccountRecord, UsageDay } from '../store/account-store.js';
import type { Store } from '../store/store.js';
import type { ActivityRecorder } from './activity-recorder.js';
import {
  isSelfServiceTier,
  servingPlan,
  type AccountBilling,
  type Billing,
  type PlanOffer,
  type SelfServiceTier,
} from '../billing/billing.js';
import type { CurrentSession } from './current-session.js';

const DAY_MS = 86_400_000;

/** Days shown in the usage chart (today and the 29 before, UTC). */
export const USAGE_CHART_DAYS = 30;

/** The usage summary of `/account/v1/usage` and `/v1/usage`. */
export interface UsageSummary {
  /** The account's plan now (`none`: no paid plan; API calls answer 402). */
  plan: AccountRecord['tier'] | 'none';
  /** Requests per second. */
  rate: number;
  /** Calendar month, `YYYY-MM` (UTC). */
  month: string;
  /** Records used this month (exact: what the quota enforces). */
  used: number;
  /** Records per month. */
  quota: number;
  /** Records left this month. */
  remaining: number;
  /** ISO time the month resets. */
  resetsAt: string;
  /** Requests refused this month, by reason. */
  refused: { rate_limited: number; quota_exceeded: number; subscription_required: number };
  /** The last 30 UTC days, oldest first, zero-filled. */
  days: UsageDay[];
}

/** What the plan service needs; injected so tests use real parts on temporary files. */
export interface PlanServiceDeps {
  store: Store;
  billing: Billing;
  /** Flushed before usage is read, so the per-day counts are up to the last request. */
  activity: Pick<ActivityRecorder, 'flush'>;
  clock: () => number;
}

/**
 * Plans and usage behind `/account/v1` and `/v1/usage`: the plans on offer,
 * the account's billing status, Stripe Checkout and the Customer Portal
 * (owner only), and the month's usage against the quota.
 * @example const usage = await plans.usage(session.account);
 */
export class PlanService {
  constructor(private readonly deps: PlanServiceDeps) {}

  /**
   * Refused: an owner never sets their own plan. With Stripe the plan follows
   * the subscription (Subscribe, Manage billing); without billing the operator
   * sets it. Kept as a route so old clients get a clear 403, not a 404.
   */
  async changePlan(session: CurrentSession, plan: unknown): Promise<never> {
    requireSelfServicePlan(plan);
    if (this.deps.billing.mode === 'stripe')
      throw new ProblemError(
        'forbidden',
        'plans are paid through Stripe: use "Subscribe" (POST /account/v1/billing/checkout) or "Manage billing" (POST /account/v1/billing/portal) to change yours',
      );
    throw new ProblemError(
      'forbidden',
      `this service takes no payment: plans are set by the operator (\`ussynth-server accounts set ${session.account.name} --tier ${plan}\`); ask your administrator`,
    );
  }

  /** `stripe` when plans are paid through Stripe, `none` when the operator sets them. */
  get billingMode(): Billing['mode'] {
    return this.deps.billing.mode;
  }

  /** The plan a new account starts on. */
  get signUpPlan(): Billing['signUpPlan'] {
    return this.deps.billing.signUpPlan;
  }

  /** The plans on offer with their prices (no session: the sign-up page shows them). */
  offers(): Promise<PlanOffer[]> {
    return this.deps.billing.offers();
  }

  /** The account's plan, its status, grace and renewal, and what the owner may do. */
  async billingStatus(session: CurrentSession): Promise<AccountBilling> {
    const status = await this.deps.billing.status(session.account, this.deps.clock());
    if (session.person.role === 'owner') return status;
    return { ...status, canSubscribe: false, canManage: false };
  }

  /** A Stripe Checkout page's URL to subscribe the account to `plan` (owner only). */
  async checkout(session: CurrentSession, plan: unknown): Promise<string> {
    requireSelfServicePlan(plan);
    if (session.person.role !== 'owner') throw new ProblemError('forbidden', 'only the account owner can subscribe');
    if (session.account.tier === 'enterprise' && servingPlan(session.account, this.deps.clock()) !== 'none')
      throw new ProblemError('forbidden', 'an Enterprise plan is set by the operator; contact sales to change it');
    return this.deps.billing.checkout(session.account, session.person.email, plan);
  }

  /** A Stripe Customer Portal page's URL for the account (owner only). */
  async billingPortal(session: CurrentSession): Promise<string> {
    if (session.person.role !== 'owner')
      throw new ProblemError('forbidden', 'only the account owner can manage billing');
    return this.deps.billing.portal(session.account);
  }

  /** This month's usage against the quota, refusals and the last 30 days. */
  async usage(
    account: Pick<AccountRecord, 'id' | 'tier' | 'rate' | 'monthlyQuota' | 'planEndsAt' | 'noPlanSince'>,
  ): Promise<UsageSummary> {
    await this.deps.activity.flush();
    const now = this.deps.clock();
    const month = calendarMonth(now);
    const used = await this.deps.store.usage(account.id, month.period);
    const today = now - (now % DAY_MS);
    const first = today - (USAGE_CHART_DAYS - 1) * DAY_MS;
    const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const monthStart = dayText(month.startMs);
    const from = dayText(Math.min(month.startMs, first));
    const stored = await this.deps.store.accounts.usageDays(account.id, from, dayText(today));
    const byDay = new Map(stored.map((d) => [d.day, d]));
    const days: UsageDay[] = [];
    for (let ms = first; ms <= today; ms += DAY_MS)
      days.push(
        byDay.get(dayText(ms)) ?? {
          day: dayText(ms),
          records: 0,
          rateLimited: 0,
          quotaExceeded: 0,
          subscriptionRequired: 0,
        },
      );
    const thisMonth = stored.filter((d) => d.day >= monthStart);
    return {
      plan: servingPlan(account, now),
      rate: account.rate,
      month: month.period,
      used,
      quota: account.monthlyQuota,
      remaining: Math.max(0, account.monthlyQuota - used),
      resetsAt: new Date(month.endMs).toISOString(),
      refused: {
        rate_limited: thisMonth.reduce((sum, d) => sum + d.rateLimited, 0),
        quota_exceeded: thisMonth.reduce((sum, d) => sum + d.quotaExceeded, 0),
        subscription_required: thisMonth.reduce((sum, d) => sum + d.subscriptionRequired, 0),
      },
      days,
    };
  }
}

/** Refuses a plan an owner cannot ask for themselves (only Standard and Pro; Enterprise is sold by contract). */
function requireSelfServicePlan(plan: unknown): asserts plan is SelfServiceTier {
  if (!isSelfServiceTier(plan))
    throw new ProblemError(
      'invalid_field',
      `plan must be "standard" or "pro" (Enterprise: contact sales); got ${JSON.stringify(plan)}`,
      { param: 'plan' },
    );
}
