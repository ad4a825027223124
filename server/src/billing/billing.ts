import type { AccountRecord } from '../store/account-store.js';
import type { Tier } from '../store/tiers.js';

/** The plans an owner may subscribe to (Enterprise is set by the operator). */
export const SELF_SERVICE_TIERS = ['standard', 'pro'] as const;

/** A plan an owner may subscribe to. */
export type SelfServiceTier = (typeof SELF_SERVICE_TIERS)[number];

/** A plan as the sign-up page and the dashboard offer it; the price is the payment provider's, or null. */
export interface PlanOffer {
  /** `standard` or `pro`. */
  plan: SelfServiceTier;
  /** Requests per second. */
  rate: number;
  /** Records per calendar month. */
  monthlyQuota: number;
  /** What a subscription costs (the configured Stripe Price), or null: no payment is taken, or the price is not known just now. */
  price: { amount: number; currency: string; interval: string } | null;
}

/** Where an account's plan stands, for the dashboard. */
export interface AccountBilling {
  /** The plan that serves now, or `none` (API calls answer 402). */
  plan: Tier | 'none';
  /**
   * `active`; `past_due` (serving until `graceEndsAt`); `canceled` (a paid plan
   * ended); `none` (never had one); `contract` (set by the operator).
   */
  status: 'active' | 'past_due' | 'canceled' | 'none' | 'contract';
  /** Epoch ms a past-due plan stops serving, or null. */
  graceEndsAt: number | null;
  /** Epoch ms of the next renewal of the subscription, or null. */
  renewsAt: number | null;
  /** Whether the owner may start a Checkout now. */
  canSubscribe: boolean;
  /** Whether the owner may open the Customer Portal. */
  canManage: boolean;
}

/** What a webhook delivery did: applied now, or not (a replay, an event of no concern), and a word on it. */
export interface WebhookOutcome {
  /** True when the event changed the store now. */
  applied: boolean;
  /** `plan_changed`, `unchanged`, `duplicate`, `ignored`, `operator_plan_kept`, ... */
  outcome: string;
}

/**
 * How the service takes payment for plans; the routes call only this, so
 * they do not change with the engine. `operatorBilling` takes none (the
 * operator sets plans); `StripeBilling` takes it through Stripe Checkout,
 * the Customer Portal and webhooks.
 * @example const url = await billing.checkout(account, 'ada@example.com', 'pro');
 */
export interface Billing {
  /** `none` or `stripe`. */
  readonly mode: 'none' | 'stripe';
  /** The plan of a new self-service account (`none`: no paid plan yet). */
  readonly signUpPlan: SelfServiceTier | 'none';
  /** The plans with their prices. */
  offers(): Promise<PlanOffer[]>;
  /** The account's plan, status, grace and renewal at `now`. */
  status(account: AccountRecord, now: number): Promise<AccountBilling>;
  /** A Checkout page's URL for the account to subscribe to `plan`. */
  checkout(account: AccountRecord, email: string, plan: SelfServiceTier): Promise<string>;
  /** A Customer Portal page's URL for the account (plan, card, cancel, invoices). */
  portal(account: AccountRecord): Promise<string>;
  /** Verifies and applies one webhook delivery (raw body, signature header) at `now`. */
  webhook(rawBody: Buffer, signature: string | undefined, now: number): Promise<WebhookOutcome>;
}

/**
 * Whether a text names a plan an owner may subscribe to.
 * @example isSelfServiceTier('pro') // true; isSelfServiceTier('enterprise') // false
 */
export function isSelfServiceTier(value: unknown): value is SelfServiceTier {
  return (SELF_SERVICE_TIERS as readonly unknown[]).includes(value);
}

/**
 * The plan that serves an account at `now`: its tier, or `none` when it has no plan or its plan has ended.
 * @example servingPlan({ tier: 'pro', planEndsAt: null, noPlanSince: null }, Date.now()) // 'pro'
 */
export function servingPlan(
  account: Pick<AccountRecord, 'tier' | 'planEndsAt' | 'noPlanSince'>,
  now: number,
): Tier | 'none' {
  return account.noPlanSince !== null || (account.planEndsAt !== null && account.planEndsAt <= now)
    ? 'none'
    : account.tier;
}
