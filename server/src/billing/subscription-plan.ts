import type { SelfServiceTier } from './billing.js';

/** Subscription statuses that pay for a plan now. */
export const PAYING_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing']);

/** Subscription statuses under which the account still has a subscription (no second Checkout). */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/**
 * Subscription statuses under which the customer has a subscription to manage in the Customer Portal (pay an unpaid
 * invoice, resume a paused one, change plan) rather than a new one to make: the live ones plus `unpaid` and
 * `paused`, the statuses Stripe's own "limit customers to one subscription" guard counts.
 */
export const MANAGED_STATUSES: ReadonlySet<string> = new Set([...LIVE_STATUSES, 'unpaid', 'paused']);

/** What a subscription gives the account: a plan that serves (until `endsAt`, or for good), or no paid plan. */
export type SubscriptionPlan = { tier: SelfServiceTier; endsAt: number | null } | { tier: 'none'; reason: string };

/**
 * The plan a subscription in `status` on Price `priceId` gives:
 * `active`/`trialing` -> its plan; `past_due` -> its plan until the grace
 * ends (`pastDueSince` + `graceMs`); any other status (`canceled`,
 * `unpaid`, `incomplete`, `incomplete_expired`, `paused`) or an unknown
 * Price -> no paid plan.
 * @example subscriptionPlan('past_due', 'price_pro', prices, t0, 7 * 86_400_000) // { tier: 'pro', endsAt: t0 + 7 days }
 */
export function subscriptionPlan(
  status: string,
  priceId: string | null,
  prices: Record<SelfServiceTier, string>,
  pastDueSince: number | null,
  graceMs: number,
): SubscriptionPlan {
  if (!LIVE_STATUSES.has(status)) return { tier: 'none', reason: `subscription ${status}` };
  const tier = (Object.keys(prices) as SelfServiceTier[]).find((plan) => prices[plan] === priceId);
  if (tier === undefined) return { tier: 'none', reason: `Price ${priceId ?? '(none)'} is not a configured plan` };
  if (status === 'past_due') return { tier, endsAt: (pastDueSince ?? 0) + graceMs };
  return { tier, endsAt: null };
}

/** The fields the service reads of a Stripe subscription. */
export interface SubscriptionView {
  /** `sub_...`. */
  id: string;
  /** Its customer (`cus_...`). */
  customer: string;
  /** Stripe's status (`active`, `past_due`, `canceled`, ...). */
  status: string;
  /** The Price of its first item, or null. */
  priceId: string | null;
  /** Epoch ms its current period ends, or null. */
  currentPeriodEnd: number | null;
  /** The account named in its metadata (set at Checkout), or null. */
  accountId: number | null;
}

const TIER_RANK: Record<SelfServiceTier, number> = { standard: 1, pro: 2 };

/**
 * The subscription that sets the plan of an account that has several: a
 * paying one (`active`, `trialing`) before a past-due one before any other;
 * then the better plan (Pro before Standard before an unknown Price); then the
 * later period end; then the id, so the choice never depends on list order.
 * @example bestSubscription([canceledPro, activeStandard], prices).id // activeStandard's
 */
export function bestSubscription(
  subscriptions: readonly SubscriptionView[],
  prices: Record<SelfServiceTier, string>,
): SubscriptionView {
  if (subscriptions.length === 0) throw new RangeError('bestSubscription needs at least one subscription');
  const statusRank = (sub: SubscriptionView) =>
    PAYING_STATUSES.has(sub.status) ? 2 : LIVE_STATUSES.has(sub.status) ? 1 : 0;
  const tierRank = (sub: SubscriptionView) => {
    const tier = (Object.keys(prices) as SelfServiceTier[]).find((plan) => prices[plan] === sub.priceId);
    return tier === undefined ? 0 : TIER_RANK[tier];
  };
  const order = (a: SubscriptionView, b: SubscriptionView) =>
    statusRank(b) - statusRank(a) ||
    tierRank(b) - tierRank(a) ||
    (b.currentPeriodEnd ?? 0) - (a.currentPeriodEnd ?? 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return [...subscriptions].sort(order)[0];
}
