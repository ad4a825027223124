import type { AccountRecord, PlanChange } from './account-store.js';

/** An account's Stripe customer and its current subscription, as last retrieved from Stripe. */
export interface BillingCustomer {
  /** The account. */
  accountId: number;
  /** Stripe customer id (`cus_...`). */
  customerId: string;
  /** The subscription that sets the plan (`sub_...`), or null before the first. */
  subscriptionId: string | null;
  /** Its Stripe status (`active`, `past_due`, `canceled`, ...), or null. */
  status: string | null;
  /** Its current Price id, or null. */
  priceId: string | null;
  /** Epoch ms its current period ends (the next renewal), or null. */
  currentPeriodEnd: number | null;
  /** Epoch ms it was first seen past due (the grace counts from here), or null. */
  pastDueSince: number | null;
  /** Epoch ms of the last update. */
  updatedAt: number;
}

/** What a webhook event meets in the store, read inside its transaction. */
export interface BillingEventContext {
  /** The account, unless it was deleted. */
  account: AccountRecord | undefined;
  /** The account's customer record, if any. */
  customer: BillingCustomer | undefined;
  /** True when the operator set the account's current plan (`ussynth-server accounts set`): Stripe does not change it. */
  operatorPlan: boolean;
}

/** What applying an event does: the customer record to keep, an optional plan change, and a word for the log. */
export interface BillingEventEffect {
  /** The customer record after the event (omitted: unchanged). */
  customer?: Omit<BillingCustomer, 'updatedAt'>;
  /** The plan change to apply and record (omitted: the plan stays). */
  plan?: PlanChange;
  /** Short outcome, stored with the event id (`plan_changed`, `unchanged`, `operator_plan_kept`, ...). */
  outcome: string;
}

/** A Stripe webhook event as the store records it. */
export interface BillingEventRecord {
  /** Stripe event id (`evt_...`). */
  id: string;
  /** Event type. */
  type: string;
  /** Epoch ms it was applied. */
  at: number;
}

/**
 * The billing side of the store: Stripe customers by account and the
 * webhook events applied, each once (by its id) and atomically with the
 * plan change it causes.
 * @example const customer = await store.billing.findCustomer(7);
 */
export interface BillingStore {
  /** The account's customer record. */
  findCustomer(accountId: number): Promise<BillingCustomer | undefined>;
  /** Whether the operator set the account's current plan (its latest plan change, unless that ended it). */
  planSetByOperator(accountId: number): Promise<boolean>;
  /** The account of a Stripe customer id. */
  accountOfCustomer(customerId: string): Promise<number | undefined>;
  /**
   * Links a Stripe customer made for the account before its first Checkout,
   * unless it has one already; returns the customer id the account has now
   * (the first linked wins when two are made at once).
   */
  linkCustomer(accountId: number, customerId: string, at: number): Promise<string>;
  /**
   * In one transaction: records the event id (already there: nothing else
   * happens and `applied` is false), reads the account's state, asks `decide`
   * what the event does and applies it. A failure leaves no trace, so Stripe's
   * retry applies the event.
   */
  applyEvent(
    event: BillingEventRecord,
    accountId: number,
    decide: (context: BillingEventContext) => BillingEventEffect,
  ): Promise<{ applied: boolean; outcome: string }>;
}
