import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '../../web/build.js';
import { launchChromium } from './chromium.js';
import { fillAndGenerate, openDemo } from './demo-page.js';
import { serveStatic, type StaticServer } from './static-server.js';

// At a common laptop width every column of the results, Country included, is on screen without scrolling sideways.
let browser: Browser;
let server: StaticServer;

beforeAll(async () => {
  server = await serveStatic(WEB_DIST);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the demo table at 1280 px', () => {
  it('shows all columns of 1000 addresses without a sideways scroll, Country inside the view', async () => {
    const { page } = await openDemo(browser, server.url, { width: 1280, height: 900 });
    await fillAndGenerate(page, { kind: 'batch', count: 1000, state: '', seed: 'layout' });
    await page.locator('#status', { hasText: 'Generated' }).waitFor();
    const wrap = await page.locator('#results-region').evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
    expect(wrap.scroll).toBeLessThanOrEqual(wrap.client);
    const country = await page.getByRole('columnheader', { name: 'Country' }).boundingBox();
    expect(country!.x + country!.width).toBeLessThanOrEqual(1280);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  });
});
