import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test/e2e/chromium.js';
import { DEFAULT_WEB_DIR } from '../../src/config.js';
import { accountCall, signedUp } from '../billing/account-session.js';
import { OVERALL } from '../../src/store/sli-store.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { seriousViolations } from '../../../test/e2e/axe.js';

// The public status page in Chromium: readable without JavaScript, and axe-core finds no serious or critical
// violation, with 90 days of bars of every colour, an open incident with a note and an announcement.
const DAY = 86_400_000;
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: { webDir: DEFAULT_WEB_DIR } });
  // The incident below is set by hand: the server's own watch (which would close it, the last minutes being quiet) is stopped.
  server.app.ussynth.sla.close();
  const now = Date.now();
  const today = now - (now % DAY);
  // A day below 99 % (major), one below the objective (degraded); the others have no rows (no data).
  await server.store.sli.addBatch({
    id: 'e2e-1',
    minutes: [
      ...Array.from({ length: 20 }, (_, i) => ({
        accountId: OVERALL,
        minute: today - 3 * DAY + i * 60_000,
        good: 0,
        bad: 10,
      })),
      { accountId: OVERALL, minute: today - 10 * DAY, good: 5, bad: 5 },
      { accountId: OVERALL, minute: today - 10 * DAY + 60_000, good: 5, bad: 5 },
      { accountId: OVERALL, minute: today - 10 * DAY + 120_000, good: 5, bad: 5 },
    ],
  });
  await server.store.sli.openIncident('Elevated errors on the API', now - 60_000);
  await server.store.sli.addNote('Looking into it', now - 30_000, 'open');
  await server.store.sli.addNote('Maintenance on Sunday 02:00 UTC', now - 20_000, null);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.destroy();
});

describe("the dashboard's SLA section in Chromium", () => {
  it("shows this month's availability of the account's requests, the objective and the credit", async () => {
    const session = await signedUp(server.url, server.outbox, 'sla-e2e@example.com');
    const { key } = (await (await accountCall(server.url, 'POST', '/keys', { name: 'ci' }, session)).json()) as {
      key: string;
    };
    expect((await server.get('/v1/ein', key)).status).toBe(200);
    await server.app.ussynth.sli.flush();
    const context = await browser.newContext({ bypassCSP: true });
    const [name, value] = session.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    await page.locator('#sla-summary', { hasText: 'available in' }).waitFor();
    expect(await page.locator('#sla-summary').textContent()).toMatch(
      /^100 % available in \d{4}-\d{2} \(1 request counted, 0 failed\); your plan's objective is 99\.9 % a month\.$/,
    );
    expect(await page.locator('#sla-credit').textContent()).toBe('No credit owed: the objective is met.');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('and the sign-up page states the terms from the same configuration', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/signup`);
    await page.locator('#sla-note', { hasText: 'objective' }).waitFor();
    expect(await page.locator('#sla-note').textContent()).toBe(
      'Standard and Pro come with a 99.9 % monthly availability objective; a month that falls short is credited (10 % below the objective, 25 % below 99 %, 50 % below 95 % of its fee). See the live figures on the status page.',
    );
    // "status page" is a link to it, not just words.
    const link = page.locator('#sla-note').getByRole('link', { name: 'status page' });
    expect(await link.getAttribute('href')).toBe('/status');
    await link.click();
    await page.waitForURL(`${server.url}/status`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Service status');
    await context.close();
  });
});

describe('/status in Chromium', () => {
  it('shows the components, the days, the incident and the notes without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/status`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Service status');
    expect(await page.locator('.overall').textContent()).toContain('Some systems degraded');
    expect(await page.getByRole('row', { name: /Store/ }).textContent()).toContain('Operational');
    expect(await page.locator('.days .day').count()).toBe(90);
    expect(await page.locator('.days .day.major').count()).toBe(1);
    expect(await page.locator('.days .day.degraded').count()).toBe(1);
    // The bars are coloured by the stylesheet (the page has no inline style).
    const colour = await page.locator('.days .day.major').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colour).toBe('rgb(185, 28, 28)');
    expect(await page.locator('.incident.open').textContent()).toContain('Looking into it');
    expect(await page.getByText('Maintenance on Sunday 02:00 UTC').count()).toBe(1);
    await context.close();
  });

  it('draws the days without a request as grey "no data", follows the dark scheme, has an icon, and passes axe-core at 1280 and 390 px', async () => {
    mkdirSync(join('test-results', 'pages'), { recursive: true });
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 390]) {
        const context = await browser.newContext({ bypassCSP: true, viewport: { width, height: 900 }, colorScheme });
        const page = await context.newPage();
        const failed: string[] = [];
        page.on('response', (response) => {
          if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
        });
        await page.goto(`${server.url}/status`);
        // Every day without a request counted (each before this store existed) is no data, not a green 100 %: all but
        // the two days given rows above and today (which has the SLA test's request when that test ran first).
        const levels = await page
          .locator('.days .day')
          .evaluateAll((days) => days.map((day) => day.className.replace('day ', '')));
        expect(levels.slice(0, 79)).toEqual(Array(79).fill('no_data'));
        expect(levels.slice(79)).toEqual([
          'degraded',
          ...Array(6).fill('no_data'),
          'major',
          'no_data',
          'no_data',
          levels[89] === 'ok' ? 'ok' : 'no_data',
        ]);
        expect(await page.locator('.days .day.no_data').first().getAttribute('title')).toMatch(
          /^\d{4}-\d{2}-\d{2}: no data \(no requests counted\)$/,
        );
        const colours = await page.evaluate(() => ({
          noData: getComputedStyle(document.querySelector('.day.no_data')!).backgroundColor,
          body: getComputedStyle(document.body).backgroundColor,
          text: getComputedStyle(document.body).color,
        }));
        expect(colours).toEqual(
          colorScheme === 'dark'
            ? { noData: 'rgb(107, 114, 128)', body: 'rgb(15, 22, 35)', text: 'rgb(229, 231, 235)' }
            : { noData: 'rgb(139, 147, 161)', body: 'rgb(255, 255, 255)', text: 'rgb(26, 26, 26)' },
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // The icon the page links is served (and so is /favicon.ico, which browsers ask for on their own).
        const icon = await page.locator('link[rel="icon"]').getAttribute('href');
        expect((await page.request.get(`${server.url}${icon}`)).status()).toBe(200);
        expect((await page.request.get(`${server.url}/favicon.ico`)).status()).toBe(200);
        expect(failed).toEqual([]);
        expect(await seriousViolations(page), `${width} px (${colorScheme})`).toEqual([]);
        await page.screenshot({
          path: join('test-results', 'pages', `status-${width}${colorScheme === 'dark' ? '-dark' : ''}.png`),
          fullPage: true,
        });
        await context.close();
      }
    }
  });

  it('has no serious or critical axe-core violation', async () => {
    // axe is injected as a script tag; the page's CSP (same-origin scripts only) would refuse it.
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/status`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
