import { describe, expect, it } from 'vitest';
import { fillAndGenerate, openDemo } from './demo-page.js';
import { useDemoSite } from './demo-site.js';

// At a common laptop width every column of the results, Country included, is on screen without scrolling sideways.
const demo = useDemoSite();

describe('the demo table at 1280 px', () => {
  it('shows all columns of 1000 addresses without a sideways scroll, Country inside the view', async () => {
    const { page } = await openDemo(demo.browser, demo.url, { width: 1280, height: 900 });
    await fillAndGenerate(page, { kind: 'batch', count: 1000, state: '', seed: 'layout' });
    await page.locator('#status', { hasText: 'Generated' }).waitFor();
    const wrap = await page.locator('#results-region').evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
    expect(wrap.scroll).toBeLessThanOrEqual(wrap.client);
    const country = await page.getByRole('columnheader', { name: 'Country' }).boundingBox();
    expect(country!.x + country!.width).toBeLessThanOrEqual(1280);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  });
});
