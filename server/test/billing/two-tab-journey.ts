import { expect } from 'vitest';
import type { StripeDouble } from '../../../test/infra/stripe-double.js';
import { accountCall, signedUp } from './account-session.js';

/** Where the journey runs: a server billing through the Stripe double, on some store. */
export interface JourneyServer {
  /** The server's public URL (pages and the account API). */
  base: string;
  /** Its outbox folder (the verification mail). */
  outbox: string;
  /** Its webhook URL. */
  webhook: string;
  stripe: StripeDouble;
  /** `GET /v1/usage` with `key` once it answers `status` (with `plan`, when given) after the key cache's second, or the last answer. */
  usageBecomes(key: string, status: number, plan?: string): Promise<{ status: number; body: Record<string, unknown> }>;
}

const sessionIdOf = (url: string) => url.split('/').at(-1)!;

async function checkoutUrl(
  server: JourneyServer,
  session: { cookie: string; csrf: string },
  plan: 'standard' | 'pro',
): Promise<string> {
  const response = await accountCall(server.base, 'POST', '/billing/checkout', { plan }, session);
  expect(response.status).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

async function deliverAll(
  server: JourneyServer,
  events: { id: string }[],
): Promise<{ applied: boolean; outcome: string }[]> {
  const outcomes = [];
  for (const event of events) {
    const response = await server.stripe.deliver(server.webhook, event as Parameters<StripeDouble['deliver']>[1]);
    expect(response.status).toBe(200);
    outcomes.push((await response.json()) as { applied: boolean; outcome: string });
  }
  return outcomes;
}

/**
 * The journey of issue 37: the owner opens Checkout in two tabs before paying. Only the newest Checkout can be paid,
 * so Stripe ends with one subscription; a Checkout once subscribed goes to the Customer Portal. Then two
 * subscriptions made anyway (outside Checkout): the better one serves, and cancelling one keeps the other serving.
 * @example await twoTabJourney(server, 'tabs@example.com')
 */
export async function twoTabJourney(server: JourneyServer, email: string): Promise<void> {
  const { stripe } = server;
  const session = await signedUp(server.base, server.outbox, email);
  const made = await accountCall(server.base, 'POST', '/keys', { name: 'ci' }, session);
  expect(made.status).toBe(201);
  const key = ((await made.json()) as { key: string }).key;

  // Tab 1 opens Checkout for Standard, tab 2 then for Pro: both get a Checkout page, and the first is expired by the second.
  const tab1 = await checkoutUrl(server, session, 'standard');
  const tab2 = await checkoutUrl(server, session, 'pro');
  expect(tab1.startsWith(`${stripe.url}/pay/cs_`)).toBe(true);
  expect(tab2.startsWith(`${stripe.url}/pay/cs_`)).toBe(true);
  const [first, second] = [sessionIdOf(tab1), sessionIdOf(tab2)];
  const customer = stripe.checkoutSessions.get(first)!.customer;
  expect(customer).toMatch(/^cus_/);
  expect(stripe.checkoutSessions.get(second)!.customer).toBe(customer);
  expect(stripe.checkoutStatus.get(first)).toBe('expired');
  expect(stripe.checkoutStatus.get(second)).toBe('open');
  // Paying in tab 1 is impossible now (Stripe's page refuses an expired session); tab 2 is paid.
  expect(() => stripe.completeCheckout(first)).toThrow(/expired/);
  const paid = stripe.completeCheckout(second);
  const outcomes = await deliverAll(server, paid.events);
  expect(outcomes.filter((o) => o.outcome === 'plan_changed')).toHaveLength(1);
  const served = await server.usageBecomes(key, 200, 'pro');
  expect(served.body).toMatchObject({ plan: 'pro', rate: 50 });

  // Tab 1 again, now subscribed: no Checkout Session is made, the browser goes to the Customer Portal.
  const sessionsBefore = stripe.checkoutSessions.size;
  const again = await checkoutUrl(server, session, 'standard');
  expect(again.startsWith(`${stripe.url}/portal/bps_`)).toBe(true);
  expect(stripe.checkoutSessions.size).toBe(sessionsBefore);
  const live = () =>
    [...stripe.subscriptions.values()].filter((sub) => sub.customer === customer && sub.status !== 'canceled');
  expect(live()).toHaveLength(1);

  // A second subscription made anyway (in Stripe's Dashboard, or by an older release): Pro still serves, the better one.
  const extra = stripe.createSubscription(customer, stripe.prices.standard.id, paid.subscription.metadata);
  expect(await deliverAll(server, [extra.event])).toEqual([{ received: true, applied: true, outcome: 'unchanged' }]);
  expect(live()).toHaveLength(2);
  // Cancelling Pro leaves Standard serving: the key is never refused while a subscription is active.
  const canceledPro = stripe.updateSubscription(paid.subscription.id, { status: 'canceled' });
  expect(canceledPro.type).toBe('customer.subscription.deleted');
  const asked = stripe.requests.length;
  expect(await deliverAll(server, [canceledPro])).toEqual([{ received: true, applied: true, outcome: 'plan_changed' }]);
  // The plan was read from Stripe's list of the customer's subscriptions, not from the event.
  expect(stripe.requests.slice(asked).map((r) => `${r.method} ${r.path} ${r.query.customer ?? ''}`)).toEqual([
    `GET /v1/subscriptions/${paid.subscription.id} `,
    `GET /v1/subscriptions ${customer}`,
  ]);
  const standard = await server.usageBecomes(key, 200, 'standard');
  expect(standard.body).toMatchObject({ plan: 'standard', rate: 10 });
  const billing = (await (await accountCall(server.base, 'GET', '/billing', undefined, session)).json()) as Record<
    string,
    unknown
  >;
  expect(billing).toMatchObject({ plan: 'standard', status: 'active', canSubscribe: false, canManage: true });
  // A late replay of Pro's creation changes nothing; cancelling the last one ends the plan.
  expect(await deliverAll(server, [{ ...paid.events[0], id: `${paid.events[0].id}late` }])).toEqual([
    { received: true, applied: true, outcome: 'unchanged' },
  ]);
  expect(await deliverAll(server, [stripe.updateSubscription(extra.subscription.id, { status: 'canceled' })])).toEqual([
    { received: true, applied: true, outcome: 'plan_changed' },
  ]);
  expect((await server.usageBecomes(key, 402)).status).toBe(402);
}

/**
 * Two Checkouts asked at the same moment (two tabs, one click each): one Stripe customer is linked to the account,
 * and exactly one of the two Checkouts is still open afterwards.
 * @example await simultaneousCheckouts(server, 'twice@example.com')
 */
export async function simultaneousCheckouts(server: JourneyServer, email: string): Promise<void> {
  const session = await signedUp(server.base, server.outbox, email);
  const urls = await Promise.all([checkoutUrl(server, session, 'standard'), checkoutUrl(server, session, 'pro')]);
  const ids = urls.map(sessionIdOf);
  const customers = new Set(ids.map((id) => server.stripe.checkoutSessions.get(id)!.customer));
  expect(customers.size).toBe(1);
  expect(ids.map((id) => server.stripe.checkoutStatus.get(id)).sort()).toEqual(['expired', 'open']);
}
