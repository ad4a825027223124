import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { freePort } from '../../../test/infra/free-port.js';
import { psql, startPostgres, type TestPostgres } from '../../../test/infra/postgres-server.js';
import { startStripeDouble, type StripeDouble } from '../../../test/infra/stripe-double.js';
import { accountCall, signedUp } from './account-session.js';
import { stripeEnv } from './stripe-env.js';
import { simultaneousCheckouts, twoTabJourney } from './two-tab-journey.js';

// Two real server instances (startServer, as `ussynth serve` runs it) on one real PostgreSQL store, billing through the
// Stripe double: Stripe may deliver one event to both (a retry after a timeout lands on the other instance behind the
// load balancer), and the store may be down when an event arrives.
let pg: TestPostgres;
let db = '';
let stripe: StripeDouble;
let instances: RunningServer[] = [];
const dir = mkdtempSync(join(tmpdir(), 'ussynth-billing-pg-'));
const outbox = join(dir, 'outbox');
let publicUrl = '';

beforeAll(async () => {
  pg = await startPostgres();
  db = pg.createDatabase('billing');
  stripe = await startStripeDouble();
  const ports = [await freePort(), await freePort()];
  // Both instances stand behind one public URL; instance 0 plays it (pages and the account API are called there).
  publicUrl = `http://127.0.0.1:${ports[0]}`;
  instances = await Promise.all(
    ports.map((port) =>
      startServer(
        loadConfig({
          ...stripeEnv(stripe),
          PORT: String(port),
          LOG_LEVEL: 'silent',
          USSYNTH_DB: db,
          USSYNTH_SECRET_KEY: Buffer.alloc(32, 9).toString('base64'),
          USSYNTH_PUBLIC_URL: publicUrl,
          USSYNTH_OUTBOX: outbox,
        }),
      ),
    ),
  );
}, 60_000);

afterAll(async () => {
  for (const instance of instances) await instance.close().catch(() => {});
  await stripe?.close();
  pg?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const webhookOf = (i: number) => `${instances[i].url}/billing/stripe/webhook`;

/** The status of a request with `key` to instance `i`, once it is `status` (within the key cache's second) or the last seen. */
async function statusBecomes(i: number, key: string, status: number): Promise<number> {
  let last = 0;
  for (let attempt = 0; attempt < 40; attempt++) {
    last = (await fetch(`${instances[i].url}/v1/address`, { headers: { 'x-api-key': key } })).status;
    if (last === status) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return last;
}

describe('Stripe webhooks on a PostgreSQL store with two instances', () => {
  let key = '';
  let subscription = '';

  it('applies an event delivered to both instances at once exactly once, and both serve the plan', async () => {
    const session = await signedUp(publicUrl, outbox, 'fleet@example.com');
    const made = await accountCall(publicUrl, 'POST', '/keys', { name: 'ci' }, session);
    key = ((await made.json()) as { key: string }).key;
    expect(await statusBecomes(1, key, 402)).toBe(402);
    const checkout = (await (
      await accountCall(publicUrl, 'POST', '/billing/checkout', { plan: 'pro' }, session)
    ).json()) as { url: string };
    const completed = stripe.completeCheckout(checkout.url.split('/').at(-1)!);
    subscription = completed.subscription.id;
    const answers = await Promise.all(
      completed.events.flatMap((event) => [stripe.deliver(webhookOf(0), event), stripe.deliver(webhookOf(1), event)]),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { applied: boolean; outcome: string }[];
    // Each event applied by exactly one of the two; the plan changed once.
    for (let e = 0; e < 3; e++)
      expect([bodies[2 * e].applied, bodies[2 * e + 1].applied].filter(Boolean)).toHaveLength(1);
    expect(bodies.filter((b) => b.applied && b.outcome === 'plan_changed')).toHaveLength(1);
    expect(
      psql(
        db,
        "SELECT count(*) FROM billing_events WHERE account_id = (SELECT id FROM accounts WHERE name = 'fleet@example.com')",
      ),
    ).toBe('3');
    expect(
      psql(
        db,
        "SELECT string_agg(p.tier || ' ' || split_part(p.approved_by, ':', 1), ',' ORDER BY p.id) FROM plan_changes p JOIN accounts a ON a.id = p.account_id WHERE a.name = 'fleet@example.com'",
      ),
    ).toBe('none sign-up,pro stripe');
    expect(await statusBecomes(0, key, 200)).toBe(200);
    expect(await statusBecomes(1, key, 200)).toBe(200);
    const usage = (await (await fetch(`${instances[1].url}/v1/usage`, { headers: { 'x-api-key': key } })).json()) as {
      plan: string;
      rate: number;
    };
    expect(usage).toMatchObject({ plan: 'pro', rate: 50 });
  });

  it("answers 503 to an event that arrives while the store is down, changes nothing, and applies Stripe's retry", async () => {
    const canceled = stripe.updateSubscription(subscription, { status: 'canceled' });
    pg.stop();
    try {
      const response = await stripe.deliver(webhookOf(1), canceled);
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    } finally {
      pg.start();
    }
    expect(psql(db, `SELECT count(*) FROM billing_events WHERE event_id = '${canceled.id}'`)).toBe('0');
    expect(psql(db, "SELECT plan_ends_at IS NULL FROM accounts WHERE name = 'fleet@example.com'")).toBe('t');
    // Stripe retries (here, on the other instance): applied now, and both instances refuse the key.
    let retry: Response | undefined;
    for (let attempt = 0; attempt < 50; attempt++) {
      retry = await stripe.deliver(webhookOf(0), canceled);
      if (retry.status !== 503) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await retry!.json()).toMatchObject({ applied: true, outcome: 'plan_changed' });
    expect(await statusBecomes(0, key, 402)).toBe(402);
    expect(await statusBecomes(1, key, 402)).toBe(402);
  });

  it('two tabs on PostgreSQL: only the newest Checkout can be paid, and cancelling one of two subscriptions keeps the other serving', async () => {
    const server = {
      base: publicUrl,
      outbox,
      webhook: webhookOf(1),
      stripe,
      // Polled on the instance that did not take the webhooks, until the key cache's second has passed there.
      async usageBecomes(key: string, status: number, plan?: string) {
        let last = { status: 0, body: {} as Record<string, unknown> };
        for (let attempt = 0; attempt < 100; attempt++) {
          const response = await fetch(`${instances[0].url}/v1/usage`, { headers: { 'x-api-key': key } });
          last = { status: response.status, body: (await response.json()) as Record<string, unknown> };
          if (last.status === status && (plan === undefined || last.body.plan === plan)) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return last;
      },
    };
    await twoTabJourney(server, 'tabs@example.com');
    await simultaneousCheckouts(server, 'twice@example.com');
  });
});
