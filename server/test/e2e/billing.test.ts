import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test/e2e/chromium.js';
import { freePort } from '../../../test/infra/free-port.js';
import { startStripeDouble, type StripeDouble } from '../../../test/infra/stripe-double.js';
import { linkToken, outboxMails } from '../accounts/outbox.js';
import { stripeEnv } from '../billing/stripe-env.js';
import { serve, type ServeProcess } from '../serve-process.js';
import { watchErrors } from './page-errors.js';

// Subscribing as a customer does, in Debian's Chromium, against the real `ussynth-server serve` process with
// USSYNTH_BILLING=stripe: its official Stripe SDK talks to the local Stripe API double, which also stands in for the
// pages Stripe hosts (Checkout, the Customer Portal); the webhooks Stripe would send are signed with the SDK's
// generateTestHeaderString and posted to the server.
const PASSWORD = 'a long and careful passphrase';
let browser: Browser;
let stripe: StripeDouble;
let server: ServeProcess;
let url = '';
const dir = mkdtempSync(join(tmpdir(), 'ussynth-e2e-billing-'));
const outbox = join(dir, 'outbox');

beforeAll(async () => {
  stripe = await startStripeDouble();
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = await serve(
    {
      env: {
        ...process.env,
        ...stripeEnv(stripe),
        PORT: String(port),
        LOG_LEVEL: 'info',
        USSYNTH_DB: join(dir, 'store.sqlite'),
        USSYNTH_PUBLIC_URL: url,
        USSYNTH_OUTBOX: outbox,
      },
    },
    '--no-dev-key',
  );
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  server?.child.kill('SIGTERM');
  await stripe?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a customer subscribes to Pro through Stripe Checkout', () => {
  it('goes from no plan to Pro: dashboard -> Checkout -> webhook -> dashboard shows Pro -> the key has Pro limits; then the Portal, and cancel -> 402', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page, url);
    const email = 'grace@example.com';

    // The sign-up page shows the configured Prices.
    await page.goto(url + '/signup');
    await expect
      .poll(() => page.locator('#plans-note').textContent())
      .toBe(
        'Plans: Standard: 10 requests per second, 100,000 records a month, $19 a month; Pro: 50 requests per second, 1,000,000 records a month, $49 a month. After signing up, subscribe on your dashboard: your API keys work once a plan is paid.',
      );
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.locator('#done').textContent()).toContain('a message is on its way');
    await expect.poll(() => outboxMails(outbox).length).toBe(1);
    await page.goto(`${url}/verify-email#token=${linkToken(outboxMails(outbox)[0], '/verify-email')}`);
    await expect.poll(() => page.locator('#done').textContent()).toContain('is confirmed');
    await page.goto(url + '/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${url}/dashboard`);

    // No paid plan yet: a key can be made, and answers 402.
    await expect
      .poll(() => page.locator('#plan-status').textContent())
      .toBe('No paid plan yet: subscribe below to use your API keys (until then they answer 402).');
    expect(await page.locator('#plan-name').textContent()).toBe('No plan');
    // ...and no quota shown against it (not the "0 of 100,000" of a plan it does not have), nor a blank chart.
    await expect.poll(() => page.locator('#usage-summary').textContent()).toMatch(/^0 records used in \d{4}-\d\d\.$/);
    expect(await page.locator('#usage-progress').isVisible()).toBe(false);
    expect(await page.locator('#usage-chart svg').count()).toBe(0);
    expect(await page.locator('#usage-chart .chart-empty').textContent()).toBe(
      'No records in the last 30 days yet: once your keys are used, a chart of the records per day appears here.',
    );
    expect(await page.locator('#plan-offers li').allTextContents()).toEqual([
      'Standard: 10 requests per second, 100,000 records a month, $19 a month Subscribe to Standard',
      'Pro: 50 requests per second, 1,000,000 records a month, $49 a month Subscribe to Pro',
    ]);
    expect(await page.locator('#manage-billing').isVisible()).toBe(false);
    await page.getByLabel('Name').fill('CI');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect.poll(() => page.locator('#new-key-value').textContent()).toMatch(/^uss_live_/);
    const key = (await page.locator('#new-key-value').textContent())!;
    expect((await fetch(`${url}/v1/address`, { headers: { 'x-api-key': key } })).status).toBe(402);

    // Subscribe: the browser goes to the Checkout Session's URL.
    await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
    await page.waitForURL(`${stripe.url}/pay/**`);
    const sessionId = new URL(page.url()).pathname.split('/').at(-1)!;
    const form = stripe.checkoutSessions.get(sessionId)!;
    expect(form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': stripe.prices.pro.id,
      success_url: `${url}/dashboard?checkout=complete`,
      cancel_url: `${url}/dashboard?checkout=canceled`,
    });
    // The customer pays on Stripe's page; Stripe returns the browser and sends its webhooks.
    const { subscription, events } = stripe.completeCheckout(sessionId);
    await page.goto(form.success_url);
    for (const event of events) expect((await stripe.deliver(`${url}/billing/stripe/webhook`, event)).status).toBe(200);
    await expect.poll(() => page.locator('#plan-name').textContent(), { timeout: 15_000 }).toBe('Pro');
    expect(await page.locator('#status').textContent()).toBe('Your plan is now Pro.');
    expect(await page.locator('#plan-rate').textContent()).toBe('50 requests per second');
    expect(await page.locator('#plan-status').textContent()).toMatch(/^Active; renews on \d{4}-\d{2}-\d{2}\.$/);
    expect(await page.locator('#plan-offers').isVisible()).toBe(false);
    await expect
      .poll(async () => (await fetch(`${url}/v1/address`, { headers: { 'x-api-key': key } })).status, { timeout: 5000 })
      .toBe(200);
    const usage = (await (await fetch(`${url}/v1/usage`, { headers: { 'x-api-key': key } })).json()) as {
      plan: string;
      rate: number;
      quota: number;
    };
    expect(usage).toMatchObject({ plan: 'pro', rate: 50, quota: 1_000_000 });

    // Manage billing opens the Customer Portal of the account's customer.
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(`${stripe.url}/portal/**`);
    expect(stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!.form).toEqual({
      customer: subscription.customer,
      return_url: `${url}/dashboard`,
    });

    // Canceled in the Portal: the key answers 402 and the dashboard says so.
    expect(
      (
        await stripe.deliver(
          `${url}/billing/stripe/webhook`,
          stripe.updateSubscription(subscription.id, { status: 'canceled' }),
        )
      ).status,
    ).toBe(200);
    await expect
      .poll(async () => (await fetch(`${url}/v1/address`, { headers: { 'x-api-key': key } })).status, { timeout: 5000 })
      .toBe(402);
    await page.goto(url + '/dashboard');
    await expect
      .poll(() => page.locator('#plan-status').textContent())
      .toBe('Canceled: your API keys answer 402 until you subscribe again.');
    expect(await page.getByRole('button', { name: 'Subscribe to Pro' }).isVisible()).toBe(true);
    expect(errors, JSON.stringify(errors)).toEqual([]);
    // Never the secret key or the signing secret in the log.
    for (const secret of [stripe.secretKey, stripe.webhookSecret, key])
      expect(server.output() + server.errors()).not.toContain(secret);
    await page.close();
  });
});
