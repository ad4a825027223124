import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBillingConfig } from '../../src/billing/billing-config.js';
import { StripeBilling } from '../../src/billing/stripe-billing.js';
import { HANDLED_EVENTS } from '../../src/billing/webhook-event.js';
import { startStripeDouble, type StripeDouble } from '../../../test/infra/stripe-double.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { accountCall, signedUp } from './account-session.js';
import { stripeEnv } from './stripe-env.js';

// What a signature proves and what it does not (issue 37, parts 2 and 3): a body signed with the endpoint's secret
// comes from Stripe (or whoever holds the secret), but may still be no event the service understands, and a signature
// may be dated ahead of the clock to be replayed later. A real server on SQLite, billing through the Stripe double;
// every body is signed with the SDK's own generateTestHeaderString.
let stripe: StripeDouble;
let server: TestServer;
let webhook = '';

beforeAll(async () => {
  stripe = await startStripeDouble();
  const problems: string[] = [];
  const settings = loadBillingConfig(stripeEnv(stripe), problems).stripe!;
  expect(problems).toEqual([]);
  server = await startTestServer({
    billing: ({ store, publicUrl }) => new StripeBilling({ settings, store, publicUrl }),
  });
  webhook = `${server.url}/billing/stripe/webhook`;
});
afterAll(async () => {
  await server?.destroy();
  await stripe?.close();
});

/** POSTs `payload` exactly as given, signed with the endpoint's secret (at `timestamp`, epoch seconds, when given). */
function postSigned(payload: string, timestamp?: number): Promise<Response> {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: stripe.webhookSecret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
  return fetch(webhook, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

async function expectBadRequest(response: Response, detail: RegExp): Promise<void> {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(await response.json()).toMatchObject({
    code: 'bad_request',
    status: 400,
    detail: expect.stringMatching(detail),
  });
}

describe('signed bodies that are not events the service understands', () => {
  it('answers 400 naming the problem for null, a null data, a missing object, an array, a bad id and a body that is not JSON', async () => {
    await expectBadRequest(await postSigned('null'), /not a JSON object/);
    await expectBadRequest(await postSigned('[]'), /not a JSON object/);
    await expectBadRequest(await postSigned('{"object":"event"}'), /no "type"/);
    await expectBadRequest(
      await postSigned('{"id":"evt_1","object":"event","type":"invoice.paid","data":null}'),
      /invoice\.paid event has no object at "data\.object"/,
    );
    await expectBadRequest(
      await postSigned('{"id":"evt_1","object":"event","type":"customer.subscription.deleted","data":{"object":null}}'),
      /no object at "data\.object"/,
    );
    await expectBadRequest(
      await postSigned('{"id":7,"object":"event","type":"invoice.paid","data":{"object":{}}}'),
      /no "id" of the form evt_/,
    );
    await expectBadRequest(await postSigned('{"id":'), /not JSON/);
  });

  it('acknowledges an event of a type it does not act on, whatever its data', async () => {
    const response = await postSigned('{"id":"evt_1","object":"event","type":"customer.created","data":null}');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, applied: false, outcome: 'ignored' });
  });

  it('answers an event whose ids are not Stripe ids as naming no subscription (no call to Stripe with them)', async () => {
    const before = stripe.requests.length;
    for (const subscription of ['', '../prices/price_proMonthly', 42, { id: null }, 'sub_']) {
      const payload = JSON.stringify({
        id: 'evt_oddIds',
        object: 'event',
        type: 'customer.subscription.updated',
        data: { object: { id: subscription } },
      });
      const response = await postSigned(payload);
      expect(response.status, JSON.stringify(subscription)).toBe(200);
      expect(await response.json()).toEqual({ received: true, applied: false, outcome: 'no_subscription' });
    }
    expect(stripe.requests.slice(before)).toEqual([]);
  });

  it('never answers 5xx to signed arbitrary JSON, and every answer is 200 with a known outcome or 400 problem+json', async () => {
    const OUTCOMES = new Set(['ignored', 'no_subscription', 'unknown_subscription', 'unknown_customer']);
    const idLike = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom('sub_', 'sub_noSuch1', 'evt_x', '', '/', 'sub_a/b'),
      fc.stringMatching(/^sub_[0-9A-Za-z]{1,12}$/),
    );
    const objectLike = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          id: idLike,
          mode: fc.oneof(fc.constant('subscription'), fc.jsonValue()),
          subscription: idLike,
          client_reference_id: fc.oneof(fc.stringMatching(/^[0-9]{1,20}$/), fc.jsonValue()),
          parent: fc.oneof(
            fc.jsonValue(),
            fc.record({ subscription_details: fc.oneof(fc.jsonValue(), fc.record({ subscription: idLike })) }),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    const eventLike = fc.record(
      {
        id: fc.oneof(fc.stringMatching(/^evt_[0-9A-Za-z]{1,16}$/), fc.jsonValue()),
        object: fc.oneof(fc.constant('event'), fc.jsonValue()),
        type: fc.oneof(fc.constantFrom(...HANDLED_EVENTS, 'customer.created', ''), fc.jsonValue()),
        data: fc.oneof(fc.jsonValue(), fc.record({ object: objectLike }, { requiredKeys: [] })),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.json(),
          eventLike.map((event) => JSON.stringify(event)),
        ),
        async (payload) => {
          const response = await postSigned(payload);
          expect([200, 400], `${response.status} for ${payload}`).toContain(response.status);
          if (response.status === 400) {
            expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
            expect(((await response.json()) as { code: string }).code).toBe('bad_request');
          } else {
            const body = (await response.json()) as { received: boolean; applied: boolean; outcome: string };
            expect(body.received).toBe(true);
            expect(body.applied).toBe(false);
            expect(OUTCOMES, body.outcome).toContain(body.outcome);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('signature timestamps', () => {
  it("refuses a signature dated more than the tolerance ahead of the server's clock, and takes one a minute ahead (clock skew)", async () => {
    const session = await signedUp(server.url, server.outbox, 'future@example.com');
    const checkout = (await (
      await accountCall(server.url, 'POST', '/billing/checkout', { plan: 'pro' }, session)
    ).json()) as { url: string };
    const { events } = stripe.completeCheckout(checkout.url.split('/').at(-1)!);
    const completed = JSON.stringify(events.at(-1));
    const nowS = Math.floor(Date.now() / 1000);
    for (const ahead of [3600, 301 + 30, 86_400 * 365])
      await expectBadRequest(await postSigned(completed, nowS + ahead), /dated more than 300 s ahead/);
    expect(await (await accountCall(server.url, 'GET', '/billing', undefined, session)).json()).toMatchObject({
      plan: 'none',
    });
    // Too old is refused too (the SDK's own check).
    await expectBadRequest(await postSigned(completed, nowS - 3600), /does not verify.*or is too old/);
    const skewed = await postSigned(completed, nowS + 60);
    expect(skewed.status).toBe(200);
    expect(await skewed.json()).toEqual({ received: true, applied: true, outcome: 'plan_changed' });
    expect(await (await accountCall(server.url, 'GET', '/billing', undefined, session)).json()).toMatchObject({
      plan: 'pro',
    });
  });
});
