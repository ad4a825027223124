import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test/e2e/chromium.js';
import { OVERALL } from '../../src/store/sli-store.js';
import { startTestServer, type TestServer } from '../test-server.js';

// The public status page in Chromium: readable without JavaScript, and axe-core finds no serious or critical
// violation, with 90 days of bars of every colour, an open incident with a note and an announcement.
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const DAY = 86_400_000;
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const now = Date.now();
  const today = now - (now % DAY);
  // A day below 99 % (major), one below the objective (degraded); the others have no rows (fully available).
  await server.store.sli.addBatch({
    id: 'e2e-1',
    minutes: [
      ...Array.from({ length: 20 }, (_, i) => ({ accountId: OVERALL, minute: today - 3 * DAY + i * 60_000, good: 0, bad: 10 })),
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

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

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
