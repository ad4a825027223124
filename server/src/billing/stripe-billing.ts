import type Stripe from 'stripe';
import {
  SELF_SERVICE_TIERS,
  servingPlan,
  type AccountBilling,
  type Billing,
  type PlanOffer,
  type SelfServiceTier,
  type WebhookOutcome,
} from './billing.js';
import { ProblemError } from '../problem/problem-error.js';
import type { AccountRecord, PlanChange } from '../store/account-store.js';
import type { BillingEventContext, BillingEventEffect } from '../store/billing-store.js';
import type { Store } from '../store/store.js';
import { TIER_LIMITS } from '../store/tiers.js';
import type { StripeSettings } from './billing-config.js';
import { ConfigError } from '../config.js';
import { stripeClient } from './stripe-client.js';
import { isDatedInFuture, SIGNATURE_TOLERANCE_S } from './signature-time.js';
import {
  bestSubscription,
  LIVE_STATUSES,
  MANAGED_STATUSES,
  subscriptionPlan,
  type SubscriptionView,
} from './subscription-plan.js';
import { readEvent } from './webhook-event.js';

const DAY_MS = 86_400_000;
// Prices change rarely; a new one shows within this time (and at once after a restart).
const PRICE_CACHE_MS = 10 * 60_000;
// After a failed read, the sign-up page (no session needed) does not ask Stripe again for this long.
const PRICE_RETRY_MS = 60_000;

/** The metadata key of a subscription naming its account (set at Checkout), so its events find the account in any order. */
export const ACCOUNT_METADATA_KEY = 'ussynth_account';

/** What StripeBilling needs. */
export interface StripeBillingDeps {
  /** The checked USSYNTH_STRIPE_* settings. */
  settings: StripeSettings;
  /** The store (accounts, customers, events). */
  store: Store;
  /** The public base URL (Checkout's success and cancel pages, the Portal's return page). */
  publicUrl: () => string;
  /** Told of Stripe failures (logged; never with the key). */
  onError?: (what: string, error: unknown) => void;
  /** A client of the official SDK (default: stripeClient(settings)). */
  stripe?: Stripe;
}

/**
 * Billing through Stripe with the official SDK: Checkout Sessions in
 * subscription mode to subscribe (one customer per account, one payable
 * Checkout, none while subscribed), the Customer Portal to manage, and signed
 * webhooks that set the plan from the best of the account's subscriptions as
 * listed at Stripe (never from the event's copy, so order does not matter).
 * Each event id is applied once, in one transaction with the plan change it causes.
 * @example const billing = new StripeBilling({ settings, store, publicUrl: () => 'https://api.example.com' });
 */
export class StripeBilling implements Billing {
  readonly mode = 'stripe' as const;
  readonly signUpPlan = 'none' as const;
  private readonly stripe: Stripe;
  private prices: { offers: PlanOffer[]; until: number } | undefined;

  constructor(private readonly deps: StripeBillingDeps) {
    this.stripe = deps.stripe ?? stripeClient(deps.settings);
  }

  /**
   * Checks that each configured Price exists and recurs monthly; throws a ConfigError naming the variable when
   * Stripe says otherwise. Stripe being unreachable is not an error here (reported; prices load later).
   */
  async verifyPrices(): Promise<void> {
    for (const plan of SELF_SERVICE_TIERS) {
      const name = `USSYNTH_STRIPE_PRICE_${plan.toUpperCase()}`;
      let price: Stripe.Price;
      try {
        price = await this.stripe.prices.retrieve(this.deps.settings.prices[plan]);
      } catch (error) {
        if (isStripeError(error) && error.type === 'StripeInvalidRequestError')
          throw new ConfigError([
            `${name}: Stripe does not know Price ${this.deps.settings.prices[plan]} (${error.message})`,
          ]);
        this.deps.onError?.('Stripe prices could not be read at start; they load on first use', error);
        return;
      }
      if (price.type !== 'recurring' || price.recurring?.interval !== 'month' || price.recurring.interval_count !== 1) {
        throw new ConfigError([
          `${name}: Price ${price.id} must be a recurring monthly Price (got ${price.type}${price.recurring ? ` every ${price.recurring.interval_count} ${price.recurring.interval}` : ''})`,
        ]);
      }
    }
  }

  async offers(): Promise<PlanOffer[]> {
    const now = Date.now();
    if (this.prices && this.prices.until > now) return this.prices.offers;
    try {
      const offers: PlanOffer[] = [];
      for (const plan of SELF_SERVICE_TIERS) {
        const price = await this.stripe.prices.retrieve(this.deps.settings.prices[plan]);
        offers.push({
          plan,
          ...TIER_LIMITS[plan],
          price:
            price.unit_amount === null
              ? null
              : { amount: price.unit_amount, currency: price.currency, interval: price.recurring?.interval ?? 'month' },
        });
      }
      this.prices = { offers, until: now + PRICE_CACHE_MS };
      return offers;
    } catch (error) {
      // The plans are still offered; Checkout shows the price.
      this.deps.onError?.('Stripe prices could not be read', error);
      const offers = SELF_SERVICE_TIERS.map((plan) => ({ plan, ...TIER_LIMITS[plan], price: null }));
      this.prices = { offers, until: now + PRICE_RETRY_MS };
      return offers;
    }
  }

  async status(account: AccountRecord, now: number): Promise<AccountBilling> {
    const plan = servingPlan(account, now);
    const [customer, operatorPlan] = await Promise.all([
      this.deps.store.billing.findCustomer(account.id),
      this.operatorPlan(account),
    ]);
    const live = customer?.status != null && LIVE_STATUSES.has(customer.status);
    if (operatorPlan)
      return {
        plan,
        status: 'contract',
        graceEndsAt: null,
        renewsAt: null,
        canSubscribe: false,
        canManage: customer?.subscriptionId != null,
      };
    // Past due shows as such during the grace and after it (the keys then answer 402 until the card is fixed).
    const status =
      customer?.status === 'past_due'
        ? 'past_due'
        : plan === 'none'
          ? customer?.subscriptionId
            ? 'canceled'
            : 'none'
          : 'active';
    return {
      plan,
      status,
      graceEndsAt: status === 'past_due' ? account.planEndsAt : null,
      renewsAt: live ? (customer?.currentPeriodEnd ?? null) : null,
      canSubscribe: !live,
      // The customer is made before the first Checkout: there is something to manage once a subscription was made.
      canManage: customer?.subscriptionId != null,
    };
  }

  /**
   * A Checkout page for the plan, or the Customer Portal's page when the
   * account already has a subscription at Stripe that is live, unpaid or
   * paused (a second Checkout would make a second subscription). The
   * account's Stripe customer is made before its first Checkout, so every
   * Checkout and subscription of the account is under one customer; a
   * Checkout still open is expired when a newer one is made, so only one
   * can be paid.
   */
  async checkout(account: AccountRecord, email: string, plan: SelfServiceTier): Promise<string> {
    if (await this.operatorPlan(account))
      throw new ProblemError('forbidden', 'your plan is set by contract with the operator; contact them to change it');
    const customerId = await this.customerOf(account, email);
    if (
      (await this.call('the subscriptions', () => this.subscriptionsOf(customerId))).some((sub) =>
        MANAGED_STATUSES.has(sub.status),
      )
    )
      return this.portalSession(customerId);
    const base = this.deps.publicUrl();
    const session = await this.call('Checkout', () =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        client_reference_id: String(account.id),
        line_items: [{ price: this.deps.settings.prices[plan], quantity: 1 }],
        success_url: `${base}/dashboard?checkout=complete`,
        cancel_url: `${base}/dashboard?checkout=canceled`,
        customer: customerId,
        subscription_data: { metadata: { [ACCOUNT_METADATA_KEY]: String(account.id) } },
        metadata: { [ACCOUNT_METADATA_KEY]: String(account.id) },
      }),
    );
    if (!session.url)
      throw new ProblemError('service_unavailable', 'Stripe did not return a Checkout page; try again in a minute');
    if (!(await this.expireOlderCheckouts(customerId, session))) {
      // An older Checkout was paid meanwhile: this one is not needed, the subscription is managed in the Portal.
      await this.call('Checkout', () => this.stripe.checkout.sessions.expire(session.id));
      return this.portalSession(customerId);
    }
    return session.url;
  }

  async portal(account: AccountRecord): Promise<string> {
    const customer = await this.deps.store.billing.findCustomer(account.id);
    if (!customer?.subscriptionId)
      throw new ProblemError('forbidden', 'this account has no billing at Stripe yet: subscribe to a plan first');
    return this.portalSession(customer.customerId);
  }

  async webhook(rawBody: Buffer, signature: string | undefined, now: number): Promise<WebhookOutcome> {
    let body: unknown;
    try {
      // The SDK's own check: HMAC-SHA256 of the raw body, and a timestamp no older than the tolerance (replays of old deliveries).
      body = this.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        this.deps.settings.webhookSecret,
        SIGNATURE_TOLERANCE_S,
      );
    } catch (error) {
      // The SDK parses the body only once the signature verified: another error means a body it could not read.
      if (!isStripeError(error) || error.type !== 'StripeSignatureVerificationError') {
        throw new ProblemError(
          'bad_request',
          `the webhook body verifies but is not a Stripe event this endpoint takes: ${error instanceof SyntaxError ? 'it is not JSON' : 'it is not a webhook event (a thin event notification?)'}`,
        );
      }
      throw new ProblemError(
        'bad_request',
        signature === undefined
          ? 'the Stripe-Signature header is missing'
          : "the Stripe-Signature header does not verify with the endpoint's signing secret (or is too old)",
      );
    }
    // The SDK does not refuse a timestamp ahead of the clock: such a signature could be kept and replayed for as long as it is ahead.
    if (isDatedInFuture(signature!, Date.now()))
      throw new ProblemError(
        'bad_request',
        `the Stripe-Signature header is dated more than ${SIGNATURE_TOLERANCE_S} s ahead of this server's clock`,
      );
    const read = readEvent(body);
    if (read.kind === 'ignored') return { applied: false, outcome: 'ignored' };
    if (read.kind === 'malformed')
      throw new ProblemError(
        'bad_request',
        `the webhook body verifies but is not a Stripe event this endpoint takes: ${read.reason}`,
      );
    const { event } = read;
    const subscriptionId = subscriptionOf(event.type, event.object);
    if (subscriptionId === null) return { applied: false, outcome: 'no_subscription' };
    // The state comes from Stripe now, not from the event: a late or replayed event applies the current truth.
    const subscription = await this.retrieve(subscriptionId);
    if (subscription === null) return { applied: false, outcome: 'unknown_subscription' };
    const reference =
      event.type === 'checkout.session.completed' ? accountNumber(event.object.client_reference_id) : null;
    const accountId =
      reference ?? subscription.accountId ?? (await this.deps.store.billing.accountOfCustomer(subscription.customer));
    if (accountId === undefined || accountId === null) return { applied: false, outcome: 'unknown_customer' };
    // The plan comes from every subscription the account has at Stripe, not from this one alone: ending one of two
    // leaves the other serving. An account's subscriptions are its customer's (an older account may have two customers).
    const stored = await this.deps.store.billing.findCustomer(accountId);
    const customers = [...new Set([subscription.customer, ...(stored ? [stored.customerId] : [])])];
    const listed = (
      await this.call('the subscriptions', () => Promise.all(customers.map((id) => this.subscriptionsOf(id))))
    ).flat();
    // The event's own subscription always counts (its account was found above); listed ones naming another account do not.
    const mine = [
      subscription,
      ...listed.filter((sub) => sub.id !== subscription.id && (sub.accountId === null || sub.accountId === accountId)),
    ];
    const best = bestSubscription(mine, this.deps.settings.prices);
    return this.deps.store.billing.applyEvent({ id: event.id, type: event.type, at: now }, accountId, (context) =>
      this.effect(context, accountId, best, event.id, now),
    );
  }

  /** What one event does to the account, given its state in the store and its best subscription as Stripe has it now. */
  private effect(
    context: BillingEventContext,
    accountId: number,
    subscription: SubscriptionView,
    eventId: string,
    now: number,
  ): BillingEventEffect {
    const { account, customer: stored } = context;
    if (!account) return { outcome: 'account_deleted' };
    const pastDueSince =
      subscription.status !== 'past_due'
        ? null
        : stored?.subscriptionId === subscription.id && stored.pastDueSince !== null
          ? stored.pastDueSince
          : now;
    const customer = {
      accountId,
      customerId: subscription.customer,
      subscriptionId: subscription.id,
      status: subscription.status,
      priceId: subscription.priceId,
      currentPeriodEnd: subscription.currentPeriodEnd,
      pastDueSince,
    };
    // Enterprise, and any plan the operator set, is by contract: Stripe never overrides it.
    if (
      context.operatorPlan ||
      (account.tier === 'enterprise' && account.planEndsAt === null && account.noPlanSince === null)
    )
      return { customer, outcome: 'operator_plan_kept' };
    const target = subscriptionPlan(
      subscription.status,
      subscription.priceId,
      this.deps.settings.prices,
      pastDueSince,
      this.deps.settings.graceDays * DAY_MS,
    );
    const source = { at: now, byPersonId: null, approvedBy: `stripe:${eventId}` };
    let plan: PlanChange | undefined;
    if (target.tier === 'none') {
      if (servingPlan(account, now) !== 'none')
        plan = { tier: 'none', limits: { rate: account.rate, monthlyQuota: account.monthlyQuota }, ...source };
    } else if (account.tier !== target.tier || account.planEndsAt !== target.endsAt || account.noPlanSince !== null) {
      plan = { tier: target.tier, limits: TIER_LIMITS[target.tier], endsAt: target.endsAt, ...source };
    }
    return { customer, plan, outcome: plan ? 'plan_changed' : 'unchanged' };
  }

  /** The subscription as Stripe has it now; null when Stripe does not know it (not this account's: nothing to retry). */
  private async retrieve(id: string): Promise<SubscriptionView | null> {
    let sub: Stripe.Subscription;
    try {
      sub = await this.stripe.subscriptions.retrieve(id);
    } catch (error) {
      if (isStripeError(error) && (error as { code?: string }).code === 'resource_missing') return null;
      return this.call('the subscription', () => Promise.reject(error));
    }
    return subscriptionView(sub);
  }

  /** The customer's subscriptions that are not canceled (Stripe's default list), every page. */
  private async subscriptionsOf(customerId: string): Promise<SubscriptionView[]> {
    const subs: SubscriptionView[] = [];
    for await (const sub of this.stripe.subscriptions.list({ customer: customerId, limit: 100 }))
      subs.push(subscriptionView(sub));
    return subs;
  }

  /** The account's Stripe customer: the one linked to it, or a new one (named by the account in its metadata) linked now. */
  private async customerOf(account: AccountRecord, email: string): Promise<string> {
    const stored = await this.deps.store.billing.findCustomer(account.id);
    if (stored) return stored.customerId;
    const made = await this.call('the customer', () =>
      this.stripe.customers.create({ email, metadata: { [ACCOUNT_METADATA_KEY]: String(account.id) } }),
    );
    // Two first Checkouts at once each make a customer; the first linked is the account's, the other stays unused.
    return this.deps.store.billing.linkCustomer(account.id, made.id, Date.now());
  }

  /**
   * Expires the customer's open Checkouts made before `newest`, so only the newest can be paid (two started at the
   * same moment each expire only the older: one stays). False when one of them was completed meanwhile.
   */
  private async expireOlderCheckouts(customerId: string, newest: Stripe.Checkout.Session): Promise<boolean> {
    const open: Stripe.Checkout.Session[] = [];
    await this.call('Checkout', async () => {
      for await (const session of this.stripe.checkout.sessions.list({
        customer: customerId,
        status: 'open',
        limit: 100,
      }))
        open.push(session);
    });
    const older = open.filter(
      (session) =>
        session.id !== newest.id &&
        (session.created < newest.created || (session.created === newest.created && session.id < newest.id)),
    );
    for (const session of older) {
      try {
        await this.stripe.checkout.sessions.expire(session.id);
      } catch (error) {
        // Stripe refuses to expire a Checkout that is no longer open: it was just paid (or expired on its own).
        if (!isStripeError(error) || error.type !== 'StripeInvalidRequestError')
          return this.call('Checkout', () => Promise.reject(error));
        const now = await this.call('Checkout', () => this.stripe.checkout.sessions.retrieve(session.id));
        if (now.status === 'complete') return false;
      }
    }
    return true;
  }

  private async portalSession(customerId: string): Promise<string> {
    const session = await this.call('the Customer Portal', () =>
      this.stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: `${this.deps.publicUrl()}/dashboard`,
      }),
    );
    return session.url;
  }

  // The plan was set by the operator (its latest change): Stripe neither sells over it nor changes it.
  private async operatorPlan(account: AccountRecord): Promise<boolean> {
    return this.deps.store.billing.planSetByOperator(account.id);
  }

  // Stripe's failures become a 503 for the caller (a webhook's makes Stripe retry); the error is reported, never the key.
  private async call<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.deps.onError?.(`Stripe call for ${what} failed`, error);
      throw new ProblemError(
        'service_unavailable',
        `the payment provider could not be reached for ${what}; try again in a minute`,
        { headers: { 'retry-after': '60' } },
      );
    }
  }
}

function isStripeError(error: unknown): error is { type: string; message: string } {
  return typeof error === 'object' && error !== null && typeof (error as { type?: unknown }).type === 'string';
}

function accountNumber(value: unknown): number | null {
  return typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null;
}

// A Stripe subscription id; anything else in an event (a number, a path, an empty string) names no subscription.
const SUBSCRIPTION_ID = /^sub_[0-9A-Za-z_]{1,250}$/;

function idOf(value: unknown): string | null {
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value;
  return typeof id === 'string' && SUBSCRIPTION_ID.test(id) ? id : null;
}

/** The fields the service reads of a subscription (either API shape of its period). */
function subscriptionView(sub: Stripe.Subscription): SubscriptionView {
  const item = sub.items.data[0];
  // Newer API versions keep the period on the item; older ones on the subscription.
  const periodEnd =
    (item as { current_period_end?: number } | undefined)?.current_period_end ??
    (sub as unknown as { current_period_end?: number }).current_period_end ??
    null;
  return {
    id: sub.id,
    customer: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    status: sub.status,
    priceId: item?.price.id ?? null,
    currentPeriodEnd: periodEnd === null ? null : periodEnd * 1000,
    accountId: accountNumber(sub.metadata?.[ACCOUNT_METADATA_KEY]),
  };
}

/** The subscription an event is about: a Checkout Session's, the subscription itself, or an invoice's (either API shape). */
function subscriptionOf(type: string, object: Record<string, unknown>): string | null {
  if (type === 'checkout.session.completed') return object.mode === 'subscription' ? idOf(object.subscription) : null;
  if (type.startsWith('customer.subscription.')) return idOf(object.id);
  const parent = object.parent;
  const details =
    typeof parent === 'object' && parent !== null
      ? (parent as { subscription_details?: unknown }).subscription_details
      : undefined;
  const fromParent =
    typeof details === 'object' && details !== null ? (details as { subscription?: unknown }).subscription : undefined;
  return idOf(fromParent) ?? idOf(object.subscription);
}
