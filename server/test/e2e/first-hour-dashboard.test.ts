import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test/e2e/chromium.js';
import { outboxMails } from '../accounts/outbox.js';
import { runServerCommand, serve, waitFor, type ServeProcess } from '../serve-process.js';
import { seriousViolations } from '../../../test/e2e/axe.js';

// Issue 47, items 3 and 5, in Debian's Chromium against the real `ussynth-server serve` (production: no plan for new
// accounts; built pages, SQLite store, outbox mail): the e-mailed link signs in the browser that signed up and no
// other, and the dashboard's details. Every view at 1280 and 390 px, light and dark, passes axe-core and leaves a
// screenshot in test-results/pages/ (the CI's artefacts).
const PASSWORD = 'a long and careful passphrase';
const VIEWS = [
  { width: 1280, colorScheme: 'light' },
  { width: 390, colorScheme: 'light' },
  { width: 1280, colorScheme: 'dark' },
  { width: 390, colorScheme: 'dark' },
] as const;
type View = (typeof VIEWS)[number];
let browser: Browser;
let server: ServeProcess;
const dir = mkdtempSync(join(tmpdir(), 'ussynth-e2e-first-hour-dashboard-'));
const outbox = join(dir, 'outbox');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: '0',
  LOG_LEVEL: 'warn',
  USSYNTH_DB: join(dir, 'store.sqlite'),
  USSYNTH_OUTBOX: outbox,
};
delete env.USSYNTH_SMTP_URL;
delete env.USSYNTH_DEFAULT_PLAN;
delete env.USSYNTH_BILLING;

beforeAll(async () => {
  server = await serve({ env }, '--no-dev-key');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  server?.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

const viewName = (view: View) => `${view.width}${view.colorScheme === 'dark' ? '-dark' : ''}`;

/** A browser of its own at the view's width and scheme (axe needs the CSP bypassed to inject its script). */
function newBrowser(
  view: View,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<BrowserContext> {
  return browser.newContext({
    bypassCSP: true,
    viewport: { width: view.width, height: 900 },
    colorScheme: view.colorScheme,
    storageState,
  });
}

/** Signs up on /signup in this browser and returns the link of the verification e-mail, read raw from the outbox. */
async function signUp(context: BrowserContext, email: string): Promise<string> {
  const page = await context.newPage();
  await page.goto(`${server.url}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.locator('#done').waitFor();
  await page.close();
  let link: string | undefined;
  await waitFor(
    `the verification e-mail to ${email}`,
    () =>
      (link = outboxMails(outbox)
        .find((mail) => mail.includes(`To: ${email}`))
        ?.split('\n')
        .find((line) => line.includes('/verify-email#token='))
        ?.trim()) !== undefined,
  );
  return link!;
}

/** The page fits the width, axe-core finds nothing serious, and the view is kept as a screenshot. */
async function audit(page: Page, name: string, view: View): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name} at ${viewName(view)}`,
  ).toBeLessThanOrEqual(view.width);
  expect(await seriousViolations(page), `${name} at ${viewName(view)}`).toEqual([]);
  await page.screenshot({
    path: join('test-results', 'pages', `${name}-${viewName(view)}.png`),
    fullPage: true,
    timeout: 90_000,
  });
}

/** The bottom edge of an element, in CSS pixels. */
async function bottom(locator: Locator): Promise<number> {
  const box = (await locator.boundingBox())!;
  return box.y + box.height;
}

/** How many lines an element's text takes. */
function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

describe('the e-mailed link', () => {
  it('signs in the browser that signed up and leads it to the dashboard, the token gone from the address bar', async () => {
    for (const view of VIEWS) {
      const context = await newBrowser(view);
      const email = `signed-up-${viewName(view)}@example.com`;
      const link = await signUp(context, email);
      const page = await context.newPage();
      await page.goto(link);
      await page.locator('#done', { hasText: 'you are signed in' }).waitFor();
      expect(await page.locator('#done').textContent()).toBe(
        'Your e-mail address is confirmed, and you are signed in: create your first API key on the dashboard.',
      );
      expect(new URL(page.url()).hash).toBe('');
      const next = page.getByRole('link', { name: 'Go to the dashboard' });
      expect(await next.getAttribute('href')).toBe('/dashboard');
      await audit(page, 'verify-signed-in', view);
      await next.click();
      await page.waitForURL(`${server.url}/dashboard`);
      await expect.poll(() => page.locator('#who').textContent()).toBe(email);
      expect(await page.locator('#verify-banner').isVisible()).toBe(false);
      await context.close();
    }
  }, 300_000);

  it('opened in another browser, confirms the address, signs in nobody, and asks to sign in, which opens the dashboard', async () => {
    for (const view of VIEWS) {
      const signedUpIn = await newBrowser(view);
      const email = `elsewhere-${viewName(view)}@example.com`;
      const link = await signUp(signedUpIn, email);
      await signedUpIn.close();
      const elsewhere = await newBrowser(view);
      const page = await elsewhere.newPage();
      await page.goto(link);
      await page.locator('#done', { hasText: 'is confirmed' }).waitFor();
      expect(await page.locator('#done').textContent()).toBe(
        'Your e-mail address is confirmed. Sign in to continue; the dashboard opens after.',
      );
      expect((await elsewhere.cookies()).map((cookie) => cookie.name)).not.toContain('ussynth_session');
      await audit(page, 'verify-elsewhere', view);
      await page.getByRole('link', { name: 'Sign in' }).last().click();
      await page.waitForURL(`${server.url}/signin`);
      await page.goto(`${server.url}/dashboard`);
      await page.waitForURL(`${server.url}/signin`);
      if (view.width === 1280 && view.colorScheme === 'light') {
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.waitForURL(`${server.url}/dashboard`);
        await expect.poll(() => page.locator('#who').textContent()).toBe(email);
      }
      await elsewhere.close();
    }
  }, 300_000);
});

describe('the dashboard, looked at closely', () => {
  const email = 'dash@example.com';
  let session: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    const context = await newBrowser(VIEWS[0]);
    const page = await context.newPage();
    await page.goto(await signUp(context, email));
    await page.locator('#done', { hasText: 'you are signed in' }).waitFor();
    session = await context.storageState();
    await context.close();
  }, 120_000);

  async function dashboard(view: View): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newBrowser(view, session);
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    await page.locator('#status', { hasText: /^$/ }).waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('#plan-status').textContent()).not.toBe('');
    return { context, page };
  }

  it('without a plan or keys: one sentence on the plan, no empty key table, fields level with their buttons, a toggle', async () => {
    const month = new Date().toISOString().slice(0, 7);
    for (const view of VIEWS) {
      const { context, page } = await dashboard(view);
      // The plan, what the keys answer and how to get a plan, each said once: the 402's own words.
      expect(await page.locator('#plan-name').textContent()).toBe('No plan');
      const command = `ussynth-server accounts set ${email} --tier standard|pro`;
      expect(await page.locator('#plan-status').textContent()).toBe(
        `The account ${email} has no plan, so its API keys answer 402; the operator gives it one with ${command}.`,
      );
      expect(await page.locator('#plan-status code').textContent()).toBe(command);
      await expect.poll(() => page.locator('#usage-summary').textContent()).toBe(`0 records used in ${month}.`);
      // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText, the text as rendered, not the DOM's
      const card = (await page.locator('.summary-card').innerText()).split('402').length - 1;
      expect(card).toBe(1);
      // No keys: the sentence, not an empty table header beside it.
      await page.locator('#no-keys').waitFor();
      expect(await page.locator('#no-keys').textContent()).toBe('No keys yet: create one above.');
      expect(await page.locator('#keys-table').isVisible()).toBe(false);
      if (view.width === 1280) {
        // One row: the Name box, the Expires box and "Create key" share a bottom edge (the hint no longer lifts Name).
        const form = page.locator('#key-form');
        const edges = [
          await bottom(page.locator('#key-name')),
          await bottom(page.locator('#key-expiry')),
          await bottom(form.getByRole('button', { name: 'Create key' })),
        ];
        expect(Math.max(...edges) - Math.min(...edges), `key form ${edges.join(', ')}`).toBeLessThanOrEqual(1);
        expect(
          Math.abs(
            (await page.locator('#key-name').boundingBox())!.y - (await page.locator('#key-expiry').boundingBox())!.y,
          ),
        ).toBeLessThanOrEqual(1);
        const deleteEdges = [
          await bottom(page.locator('#delete-password')),
          await bottom(page.getByRole('button', { name: 'Delete account' })),
        ];
        expect(Math.abs(deleteEdges[0] - deleteEdges[1]), `delete form ${deleteEdges.join(', ')}`).toBeLessThanOrEqual(
          1,
        );
      }
      // "Show the days with activity" is a toggle: it draws a disclosure triangle, and opens the table.
      const toggle = page.locator('summary', { hasText: 'Show the days with activity' });
      expect(
        await toggle.evaluate((summary) => parseFloat(getComputedStyle(summary, '::before').borderInlineStartWidth)),
      ).toBeGreaterThan(0);
      await audit(page, 'dashboard-no-plan', view);
      await toggle.click();
      expect(await page.getByRole('table', { name: 'Records and refused requests per UTC day' }).isVisible()).toBe(
        true,
      );
      await context.close();
    }
  }, 300_000);

  it('with a plan and a key: Refresh usage updates the key\'s "Last used"; the caption on one line at 390 px', async () => {
    const { context, page } = await dashboard(VIEWS[0]);
    await page.getByLabel('Name').fill('CI pipeline');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect.poll(() => page.locator('#new-key-value').textContent()).toMatch(/^uss_live_/);
    const key = (await page.locator('#new-key-value').textContent())!;
    expect(runServerCommand({ env }, 'accounts', 'set', email, '--tier', 'pro').status).toBe(0);
    await expect
      .poll(async () => (await fetch(`${server.url}/v1/address`, { headers: { 'x-api-key': key } })).status, {
        timeout: 5000,
      })
      .toBe(200);
    const lastUsed = page.locator('#keys-body td[data-label="Last used"]');
    expect(await lastUsed.textContent()).toBe('—');
    // Once the store has the use (written within a second), the button shows it without a reload.
    await expect
      .poll(() =>
        page.evaluate(
          async () =>
            ((await (await fetch('/account/v1/keys')).json()) as { keys: { lastUsedAt: string | null }[] }).keys[0]
              .lastUsedAt,
        ),
      )
      .not.toBeNull();
    await page.getByRole('button', { name: 'Refresh usage' }).click();
    await expect.poll(() => lastUsed.textContent()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    await context.close();

    for (const view of VIEWS) {
      const shown = await dashboard(view);
      await shown.page.locator('#keys-body tr').first().waitFor();
      expect(await shown.page.locator('#no-keys').isVisible()).toBe(false);
      expect(await shown.page.locator('#plan-name').textContent()).toBe('Pro');
      expect(await shown.page.locator('#plan-status').textContent()).toBe(
        'This service takes no payment: its operator sets plans; ask them to change yours.',
      );
      expect(await lineCount(shown.page.locator('#keys-caption')), `caption at ${viewName(view)}`).toBe(1);
      await audit(shown.page, 'dashboard-key', view);
      await shown.context.close();
    }
  }, 300_000);
});
