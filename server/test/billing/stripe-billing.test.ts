import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { Database } from '../../src/store/sqlite/sqlite-driver.js';
import { AuthThrottle } from '../../src/accounts/auth-throttle.js';
import { loadBillingConfig } from '../../src/billing/billing-config.js';
import { StripeBilling } from '../../src/billing/stripe-billing.js';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { startStripeDouble, type StripeDouble } from '../../../test/infra/stripe-double.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { accountCall, signedUp, signIn, type ApiSession } from './account-session.js';
import { stripeEnv } from './stripe-env.js';
import { simultaneousCheckouts, twoTabJourney, type JourneyServer } from './two-tab-journey.js';

// The service with USSYNTH_BILLING=stripe on a real SQLite store and a real port, its official Stripe SDK talking to
// the local Stripe API double, and webhooks signed with the SDK's own generateTestHeaderString. The clock is the
// test's, so the key cache's second and the past-due grace are crossed without waiting.
const DAY_MS = 86_400_000;
let stripe: StripeDouble;
let server: TestServer;
let now = Date.now();
let webhook = '';

beforeAll(async () => {
  stripe = await startStripeDouble();
  const problems: string[] = [];
  const settings = loadBillingConfig(stripeEnv(stripe, 7), problems).stripe!;
  expect(problems).toEqual([]);
  const wide = new RateLimiterMemory({ points: 100_000, duration: 60 });
  server = await startTestServer({
    clock: () => now,
    throttle: new AuthThrottle({ perIp: wide, mails: wide }),
    billing: ({ store, publicUrl }) => new StripeBilling({ settings, store, publicUrl }),
  });
  webhook = `${server.url}/billing/stripe/webhook`;
});
afterAll(async () => {
  await server?.destroy();
  await stripe?.close();
});

/** Moves the clock past the key cache's second, so the next request reads the key (and its plan) again. */
const pastKeyCache = () => (now += 1001);

async function newKey(session: ApiSession): Promise<string> {
  const made = await accountCall(server.url, 'POST', '/keys', { name: 'ci' }, session);
  expect(made.status).toBe(201);
  return ((await made.json()) as { key: string }).key;
}

async function billing(session: ApiSession): Promise<Record<string, unknown>> {
  const response = await accountCall(server.url, 'GET', '/billing', undefined, session);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** Subscribes through Checkout as a customer does: the session's URL, then Stripe's events, delivered signed. */
async function subscribe(session: ApiSession, plan: 'standard' | 'pro'): Promise<string> {
  const checkout = await accountCall(server.url, 'POST', '/billing/checkout', { plan }, session);
  expect(checkout.status).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const { subscription, events } = stripe.completeCheckout(url.split('/').at(-1)!);
  for (const event of events) expect((await stripe.deliver(webhook, event)).status).toBe(200);
  return subscription.id;
}

function planChanges(accountName: string): { tier: string; approved_by: string; at: number; ends_at: number | null }[] {
  const sqlite = new Database(server.dbPath, { readonly: true });
  try {
    return sqlite
      .prepare(
        'SELECT p.tier, p.approved_by, p.at, p.ends_at FROM plan_changes p JOIN accounts a ON a.id = p.account_id WHERE a.name = ? ORDER BY p.id',
      )
      .all(accountName) as { tier: string; approved_by: string; at: number; ends_at: number | null }[];
  } finally {
    sqlite.close();
  }
}

describe('a new account with Stripe billing', () => {
  it('has no paid plan: its key can be made and answers 402 subscription_required, counted as refused', async () => {
    const session = await signedUp(server.url, server.outbox, 'new@example.com');
    const key = await newKey(session);
    const refused = await server.get('/v1/address', key);
    expect(refused.status).toBe(402);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = (await refused.json()) as { code: string; status: number; detail: string };
    expect(problem).toMatchObject({ code: 'subscription_required', status: 402 });
    // What to do, in the words the dashboard and `ussynth-server accounts` use; a key that never worked is not told it works "again".
    expect(problem.detail).toMatch(
      /^the account new@example\.com has no plan, so its API keys answer 402; its owner subscribes on the dashboard, or the operator sets one with `ussynth-server accounts set new@example\.com --tier standard\|pro`; key \w+ works within a second of the account getting one$/,
    );
    expect(await billing(session)).toMatchObject({
      billing: 'stripe',
      plan: 'none',
      status: 'none',
      canSubscribe: true,
      canManage: false,
    });
    const usage = (await (await accountCall(server.url, 'GET', '/usage', undefined, session)).json()) as {
      plan: string;
      used: number;
      refused: Record<string, number>;
    };
    expect(usage).toMatchObject({
      plan: 'none',
      used: 0,
      refused: { rate_limited: 0, quota_exceeded: 0, subscription_required: 1 },
    });
    // The owner cannot hand themselves a plan.
    const put = await accountCall(server.url, 'PUT', '/plan', { plan: 'pro' }, session);
    expect(put.status).toBe(403);
    expect(((await put.json()) as { detail: string }).detail).toContain('Subscribe');
  });

  it('shows the plans with the configured Stripe Prices, before sign-in too', async () => {
    const response = await accountCall(server.url, 'GET', '/plans');
    expect(await response.json()).toEqual({
      billing: 'stripe',
      signUpPlan: 'none',
      plans: [
        {
          plan: 'standard',
          rate: 10,
          monthlyQuota: 100_000,
          price: { amount: 1900, currency: 'usd', interval: 'month' },
        },
        { plan: 'pro', rate: 50, monthlyQuota: 1_000_000, price: { amount: 4900, currency: 'usd', interval: 'month' } },
      ],
    });
  });
});

describe('subscribe, manage, cancel', () => {
  it("creates a subscription-mode Checkout Session for the account and the plan's Price, with URLs under the public URL", async () => {
    const session = await signedUp(server.url, server.outbox, 'checkout@example.com');
    const me = (await (await accountCall(server.url, 'GET', '/me', undefined, session)).json()) as {
      account: { name: string };
    };
    const before = stripe.requests.length;
    const response = await accountCall(server.url, 'POST', '/billing/checkout', { plan: 'pro' }, session);
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url.startsWith(`${stripe.url}/pay/cs_`)).toBe(true);
    const sent = stripe.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions')!;
    const account = await server.store.accounts.findAccountByName(me.account.name);
    // The account's customer is made first, named by the account, and the Checkout is under it.
    const made = stripe.requests.slice(before).find((r) => r.path === '/v1/customers')!;
    expect(made.form).toEqual({ email: 'checkout@example.com', 'metadata[ussynth_account]': String(account!.id) });
    const customer = (await server.store.billing.findCustomer(account!.id))!;
    expect(stripe.customers.has(customer.customerId)).toBe(true);
    expect(customer).toMatchObject({ subscriptionId: null, status: null });
    expect(sent.form).toMatchObject({
      mode: 'subscription',
      client_reference_id: String(account!.id),
      'line_items[0][price]': stripe.prices.pro.id,
      'line_items[0][quantity]': '1',
      customer: customer.customerId,
      success_url: `${server.url}/dashboard?checkout=complete`,
      cancel_url: `${server.url}/dashboard?checkout=canceled`,
      'subscription_data[metadata][ussynth_account]': String(account!.id),
    });
    expect(sent.apiKey).toBe(stripe.secretKey);
    expect(sent.idempotencyKey).toBeDefined();
    // Bad input names the field; a write without the CSRF token is refused.
    const gold = await accountCall(server.url, 'POST', '/billing/checkout', { plan: 'gold' }, session);
    expect(gold.status).toBe(400);
    expect(await gold.json()).toMatchObject({ code: 'invalid_field', param: 'plan' });
    expect(
      (await accountCall(server.url, 'POST', '/billing/checkout', { plan: 'pro' }, { cookie: session.cookie })).status,
    ).toBe(403);
    expect((await accountCall(server.url, 'POST', '/billing/checkout', { plan: 'pro' })).status).toBe(401);
  });

  it('gives Pro once Checkout completes: the key works with Pro limits, the change is recorded with the event id', async () => {
    const session = await signedUp(server.url, server.outbox, 'pro@example.com');
    const key = await newKey(session);
    expect((await server.get('/v1/address', key)).status).toBe(402);
    await subscribe(session, 'pro');
    pastKeyCache();
    const usage = await server.get('/v1/usage', key);
    expect(usage.status).toBe(200);
    expect(await usage.json()).toMatchObject({ plan: 'pro', rate: 50, quota: 1_000_000 });
    expect((await server.get('/v1/address', key)).status).toBe(200);
    const status = await billing(session);
    expect(status).toMatchObject({
      plan: 'pro',
      status: 'active',
      canSubscribe: false,
      canManage: true,
      graceEndsAt: null,
    });
    expect(Date.parse(status.renewsAt as string)).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    const changes = planChanges('pro@example.com');
    expect(changes[0]).toMatchObject({ tier: 'none', approved_by: 'sign-up' });
    // Three events arrived; the first applied the plan, the others found it already so.
    expect(changes.slice(1)).toEqual([
      { tier: 'pro', approved_by: expect.stringMatching(/^stripe:evt_/), at: now - 1001, ends_at: null },
    ]);
    // A second Checkout while subscribed makes no Checkout Session: it goes to the Customer Portal, where the plan changes.
    const sessions = stripe.checkoutSessions.size;
    const again = await accountCall(server.url, 'POST', '/billing/checkout', { plan: 'standard' }, session);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { url: string }).url.startsWith(`${stripe.url}/portal/bps_`)).toBe(true);
    expect(stripe.checkoutSessions.size).toBe(sessions);
  });

  it("opens the Customer Portal for the account's customer, returning to the dashboard", async () => {
    const session = await signedUp(server.url, server.outbox, 'portal@example.com');
    const none = await accountCall(server.url, 'POST', '/billing/portal', undefined, session);
    expect(none.status).toBe(403);
    const subscription = await subscribe(session, 'standard');
    const response = await accountCall(server.url, 'POST', '/billing/portal', undefined, session);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { url: string }).url.startsWith(`${stripe.url}/portal/bps_`)).toBe(true);
    const sent = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(sent.form).toEqual({
      customer: stripe.subscriptions.get(subscription)!.customer,
      return_url: `${server.url}/dashboard`,
    });
  });

  it('follows a plan change made in the Portal, and answers 402 once the subscription is canceled', async () => {
    const session = await signedUp(server.url, server.outbox, 'cancel@example.com');
    const key = await newKey(session);
    const subscription = await subscribe(session, 'standard');
    expect(
      (await stripe.deliver(webhook, stripe.updateSubscription(subscription, { priceId: stripe.prices.pro.id })))
        .status,
    ).toBe(200);
    pastKeyCache();
    expect(await (await server.get('/v1/usage', key)).json()).toMatchObject({ plan: 'pro', rate: 50 });
    const canceled = await stripe.deliver(webhook, stripe.updateSubscription(subscription, { status: 'canceled' }));
    expect(await canceled.json()).toEqual({ received: true, applied: true, outcome: 'plan_changed' });
    pastKeyCache();
    expect((await server.get('/v1/address', key)).status).toBe(402);
    expect(await billing(session)).toMatchObject({
      plan: 'none',
      status: 'canceled',
      canSubscribe: true,
      canManage: true,
    });
    expect(planChanges('cancel@example.com').map((c) => c.tier)).toEqual(['none', 'standard', 'pro', 'none']);
  });

  it('keeps serving a past-due subscription through the grace period, then answers 402', async () => {
    const session = await signedUp(server.url, server.outbox, 'late@example.com');
    const key = await newKey(session);
    const subscription = await subscribe(session, 'pro');
    stripe.updateSubscription(subscription, { status: 'past_due' });
    const failedAt = now;
    expect((await stripe.deliver(webhook, stripe.invoiceEvent('invoice.payment_failed', subscription))).status).toBe(
      200,
    );
    pastKeyCache();
    expect((await server.get('/v1/address', key)).status).toBe(200);
    const status = await billing(session);
    expect(status).toMatchObject({
      plan: 'pro',
      status: 'past_due',
      graceEndsAt: new Date(failedAt + 7 * DAY_MS).toISOString(),
    });
    // Stripe's next retry fails too: the grace still counts from the first failure.
    now += 3 * DAY_MS;
    expect((await stripe.deliver(webhook, stripe.invoiceEvent('invoice.payment_failed', subscription))).status).toBe(
      200,
    );
    expect((await billing(await signIn(server.url, 'late@example.com'))).graceEndsAt).toBe(
      new Date(failedAt + 7 * DAY_MS).toISOString(),
    );
    now = failedAt + 7 * DAY_MS;
    pastKeyCache();
    const refused = await server.get('/v1/address', key);
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { code: string }).code).toBe('subscription_required');
    expect(await billing(await signIn(server.url, 'late@example.com'))).toMatchObject({
      plan: 'none',
      status: 'past_due',
      graceEndsAt: new Date(failedAt + 7 * DAY_MS).toISOString(),
      canManage: true,
    });
    // Paid at last: serving again at once.
    stripe.updateSubscription(subscription, { status: 'active' });
    expect((await stripe.deliver(webhook, stripe.invoiceEvent('invoice.paid', subscription))).status).toBe(200);
    pastKeyCache();
    expect((await server.get('/v1/address', key)).status).toBe(200);
    expect(await billing(await signIn(server.url, 'late@example.com'))).toMatchObject({
      plan: 'pro',
      status: 'active',
      graceEndsAt: null,
    });
  });
});

describe('one subscription per account (issue 37)', () => {
  const journeyServer = (): JourneyServer => ({
    base: server.url,
    outbox: server.outbox,
    webhook,
    stripe,
    async usageBecomes(key) {
      pastKeyCache();
      const response = await server.get('/v1/usage', key);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
  });

  it('two tabs: only the newest Checkout can be paid, a Checkout once subscribed goes to the Portal, and cancelling one of two subscriptions keeps the other serving', async () => {
    await twoTabJourney(journeyServer(), 'tabs@example.com');
  });

  it('two Checkouts at the same moment: one customer, one of them left open', async () => {
    await simultaneousCheckouts(journeyServer(), 'twice@example.com');
  });

  it('sends a Checkout to the Portal while the subscription is unpaid or paused (pay or resume it there), and makes one again once it is canceled', async () => {
    const session = await signedUp(server.url, server.outbox, 'unpaid@example.com');
    const subscription = await subscribe(session, 'standard');
    for (const status of ['unpaid', 'paused']) {
      expect((await stripe.deliver(webhook, stripe.updateSubscription(subscription, { status }))).status).toBe(200);
      expect(await billing(session)).toMatchObject({ plan: 'none' });
      const checkout = await accountCall(server.url, 'POST', '/billing/checkout', { plan: 'pro' }, session);
      expect(((await checkout.json()) as { url: string }).url.startsWith(`${stripe.url}/portal/bps_`), status).toBe(
        true,
      );
    }
    expect(
      (await stripe.deliver(webhook, stripe.updateSubscription(subscription, { status: 'canceled' }))).status,
    ).toBe(200);
    const checkout = await accountCall(server.url, 'POST', '/billing/checkout', { plan: 'pro' }, session);
    expect(((await checkout.json()) as { url: string }).url.startsWith(`${stripe.url}/pay/cs_`)).toBe(true);
  });
});

describe('webhook deliveries', () => {
  it('refuses a bad, missing or foreign signature with 400 and changes nothing', async () => {
    const session = await signedUp(server.url, server.outbox, 'forged@example.com');
    const checkout = (await (
      await accountCall(server.url, 'POST', '/billing/checkout', { plan: 'pro' }, session)
    ).json()) as { url: string };
    const { events } = stripe.completeCheckout(checkout.url.split('/').at(-1)!);
    const completed = events.at(-1)!;
    const signature = 't=1,v1=' + '0'.repeat(64);
    for (const options of [{ signature }, { signature: null }, { secret: 'whsec_someoneElsesSecret0000' }]) {
      const response = await stripe.deliver(webhook, completed, options);
      expect(response.status, JSON.stringify(options)).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'bad_request',
        detail: expect.stringContaining('Stripe-Signature'),
      });
    }
    // A body changed after signing does not verify either.
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(completed, null, 2),
      secret: stripe.webhookSecret,
    });
    const tampered = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: JSON.stringify({ ...completed, id: 'evt_other' }, null, 2),
    });
    expect(tampered.status).toBe(400);
    expect(await billing(session)).toMatchObject({ plan: 'none', canManage: false });
    expect(planChanges('forged@example.com')).toHaveLength(1);
  });

  it('applies a replayed event once', async () => {
    const session = await signedUp(server.url, server.outbox, 'replay@example.com');
    const subscription = await subscribe(session, 'standard');
    const upgrade = stripe.updateSubscription(subscription, { priceId: stripe.prices.pro.id });
    expect(await (await stripe.deliver(webhook, upgrade)).json()).toMatchObject({
      applied: true,
      outcome: 'plan_changed',
    });
    // Stripe delivers it again (a timeout on its side) after the customer went back to Standard in the Portal, whose
    // own event is still on its way: the replay applies nothing (the Portal's event will).
    stripe.updateSubscription(subscription, { priceId: stripe.prices.standard.id });
    expect(await (await stripe.deliver(webhook, upgrade)).json()).toEqual({
      received: true,
      applied: false,
      outcome: 'plan_changed',
    });
    expect(planChanges('replay@example.com').map((c) => c.tier)).toEqual(['none', 'standard', 'pro']);
  });

  it("is not misled by events out of order: the plan is the subscription's as retrieved", async () => {
    const session = await signedUp(server.url, server.outbox, 'order@example.com');
    const key = await newKey(session);
    const checkout = (await (
      await accountCall(server.url, 'POST', '/billing/checkout', { plan: 'standard' }, session)
    ).json()) as { url: string };
    const { subscription, events } = stripe.completeCheckout(checkout.url.split('/').at(-1)!);
    const upgraded = stripe.updateSubscription(subscription.id, { priceId: stripe.prices.pro.id });
    // The upgrade arrives first, before Checkout's own events (its subscription names the account in its metadata).
    expect(await (await stripe.deliver(webhook, upgraded)).json()).toMatchObject({
      applied: true,
      outcome: 'plan_changed',
    });
    for (const event of [...events].reverse()) expect((await stripe.deliver(webhook, event)).status).toBe(200);
    pastKeyCache();
    expect(await (await server.get('/v1/usage', key)).json()).toMatchObject({ plan: 'pro' });
    // Canceled, then a late "created" event: still no plan.
    const canceled = stripe.updateSubscription(subscription.id, { status: 'canceled' });
    expect((await stripe.deliver(webhook, canceled)).status).toBe(200);
    expect(await (await stripe.deliver(webhook, events[0])).json()).toMatchObject({ applied: false });
    const late = { ...events[0], id: 'evt_lateCreated0001' };
    expect(await (await stripe.deliver(webhook, late)).json()).toMatchObject({ applied: true, outcome: 'unchanged' });
    pastKeyCache();
    expect((await server.get('/v1/address', key)).status).toBe(402);
  });

  it('never overrides a plan the operator set (Enterprise by contract)', async () => {
    const session = await signedUp(server.url, server.outbox, 'contract@example.com');
    const key = await newKey(session);
    const subscription = await subscribe(session, 'standard');
    const account = (await server.store.accounts.findAccountByName('contract@example.com'))!;
    await server.store.accounts.changePlan(account.id, {
      tier: 'enterprise',
      limits: { rate: 500, monthlyQuota: 50_000_000 },
      at: now,
      byPersonId: null,
      approvedBy: 'operator',
    });
    const canceled = await stripe.deliver(webhook, stripe.updateSubscription(subscription, { status: 'canceled' }));
    expect(await canceled.json()).toMatchObject({ applied: true, outcome: 'operator_plan_kept' });
    pastKeyCache();
    expect(await (await server.get('/v1/usage', key)).json()).toMatchObject({ plan: 'enterprise', rate: 500 });
    expect(await billing(session)).toMatchObject({ plan: 'enterprise', status: 'contract', canSubscribe: false });
    expect((await accountCall(server.url, 'POST', '/billing/checkout', { plan: 'pro' }, session)).status).toBe(403);
  });

  it("answers 503 and changes nothing when Stripe cannot be reached, so Stripe's retry applies the event", async () => {
    const session = await signedUp(server.url, server.outbox, 'outage@example.com');
    const checkout = (await (
      await accountCall(server.url, 'POST', '/billing/checkout', { plan: 'pro' }, session)
    ).json()) as { url: string };
    const { events } = stripe.completeCheckout(checkout.url.split('/').at(-1)!);
    stripe.failing = true;
    try {
      const response = await stripe.deliver(webhook, events[2]);
      expect(response.status).toBe(503);
      expect((await accountCall(server.url, 'POST', '/billing/portal', undefined, session)).status).toBe(403);
    } finally {
      stripe.failing = false;
    }
    expect(await (await stripe.deliver(webhook, events[2])).json()).toMatchObject({
      applied: true,
      outcome: 'plan_changed',
    });
  });

  it('acknowledges events it does not act on, and answers 404 where billing is off', async () => {
    const other = {
      ...stripe.invoiceEvent('invoice.paid', [...stripe.subscriptions.keys()][0]),
      type: 'customer.created',
    };
    expect(await (await stripe.deliver(webhook, other)).json()).toEqual({
      received: true,
      applied: false,
      outcome: 'ignored',
    });
    // An invoice of a subscription Stripe does not know (another product's fixture): acknowledged, not retried forever.
    const ghost = stripe.invoiceEvent('invoice.paid', [...stripe.subscriptions.keys()][0]);
    (ghost.data.object.parent as { subscription_details: { subscription: string } }).subscription_details.subscription =
      'sub_noSuchSubscription';
    expect(await (await stripe.deliver(webhook, ghost)).json()).toEqual({
      received: true,
      applied: false,
      outcome: 'unknown_subscription',
    });
    const plain = await startTestServer();
    try {
      const response = await stripe.deliver(`${plain.url}/billing/stripe/webhook`, other);
      expect(response.status).toBe(404);
    } finally {
      await plain.destroy();
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists 402 subscription_required on every /v1 route and the billing routes with their operationIds', async () => {
    const doc = (await (await server.get('/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown> }>>;
    };
    for (const [path, methods] of Object.entries(doc.paths).filter(
      ([p]) => p.startsWith('/v1/') && !p.startsWith('/v1/docs'),
    )) {
      expect(Object.keys(methods.get.responses), path).toContain('402');
    }
    expect(doc.paths['/account/v1/plans'].get.operationId).toBe('listPlans');
    expect(doc.paths['/account/v1/billing'].get.operationId).toBe('getBilling');
    expect(doc.paths['/account/v1/billing/checkout'].post.operationId).toBe('createCheckout');
    expect(doc.paths['/account/v1/billing/portal'].post.operationId).toBe('createBillingPortal');
    expect(doc.paths['/billing/stripe/webhook'].post.operationId).toBe('receiveStripeWebhook');
  });
});

describe('start-up', () => {
  it('stops the start when a configured Price is unknown to Stripe, naming its variable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ussynth-billing-start-'));
    try {
      const config = loadConfig({
        ...stripeEnv(stripe),
        USSYNTH_STRIPE_PRICE_PRO: 'price_noSuchPrice',
        PORT: '0',
        LOG_LEVEL: 'silent',
        USSYNTH_DB: join(dir, 'store.sqlite'),
        USSYNTH_PUBLIC_URL: 'http://127.0.0.1:9',
      });
      await expect(startServer(config)).rejects.toThrow(
        /USSYNTH_STRIPE_PRICE_PRO: Stripe does not know Price price_noSuchPrice/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
