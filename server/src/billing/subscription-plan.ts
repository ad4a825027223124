import type { SelfServiceTier } from './billing.js';

/** Subscription statuses that pay for a plan now. */
export const PAYING_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing']);

/** Subscription statuses under which the account still has a subscription (no second Checkout). */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

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
export function subscriptionPlan(status: string, priceId: string | null, prices: Record<SelfServiceTier, string>, pastDueSince: number | null, graceMs: number): SubscriptionPlan {
  if (!LIVE_STATUSES.has(status)) return { tier: 'none', reason: `subscription ${status}` };
  const tier = (Object.keys(prices) as SelfServiceTier[]).find((plan) => prices[plan] === priceId);
  if (tier === undefined) return { tier: 'none', reason: `Price ${priceId ?? '(none)'} is not a configured plan` };
  if (status === 'past_due') return { tier, endsAt: (pastDueSince ?? 0) + graceMs };
  return { tier, endsAt: null };
}
