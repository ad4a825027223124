import type { AccountRecord } from '../store/account-store.js';

/** The plans an owner may pick in the dashboard (Enterprise is set by the operator). */
export const SELF_SERVICE_TIERS = ['standard', 'pro'] as const;

/** A plan an owner may pick. */
export type SelfServiceTier = (typeof SELF_SERVICE_TIERS)[number];

/** What the billing side said about a plan change. */
export type BillingDecision = { approved: true; approvedBy: string } | { approved: false; reason: string };

/**
 * Decides plan changes: the point where a payment provider plugs in (a
 * checkout, a subscription update). The route applies an approved change
 * and records it with its time and `approvedBy`.
 * @example const decision = await billing.changePlan(account, 'pro', Date.now());
 */
export interface Billing {
  /** Asks to move `account` to `tier`. */
  changePlan(account: AccountRecord, tier: SelfServiceTier, now: number): Promise<BillingDecision>;
}

/**
 * The embedded default: approves every change at once (no payment is
 * taken); the store records it. Fit for development and for operators who
 * bill outside the service.
 * @example const billing = embeddedBilling();
 */
export function embeddedBilling(): Billing {
  return {
    async changePlan() {
      return { approved: true, approvedBy: 'embedded' };
    },
  };
}

/**
 * Whether a text names a plan an owner may pick.
 * @example isSelfServiceTier('pro') // true; isSelfServiceTier('enterprise') // false
 */
export function isSelfServiceTier(value: unknown): value is SelfServiceTier {
  return (SELF_SERVICE_TIERS as readonly unknown[]).includes(value);
}
