import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGenerator } from '../../src/index.js';
import { GZIP_BUDGET, WEB_DIST } from '../../web/build.js';
import { fillAndGenerate, openDemo, readTable, rowCount, shownSeed } from './demo-page.js';
import { useDemoSite } from './demo-site.js';
import { addressProblems } from './record-rules.js';

/** The page's own static assets: nothing else may be requested. */
const OWN_ASSETS = ['', 'app.js', 'styles.css', 'favicon.svg', 'ussynth.idx'];

const SCREENSHOTS = 'test-results';

const demo = useDemoSite();

beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

describe('the free browser demo, 1000 records and the 1001st', () => {
  it('generates 1000 valid addresses with a shown seed, offers them as JSON and CSV, asks only for its own assets and refuses the 1001st record', async () => {
    const { context, page, requested } = await openDemo(demo.browser, demo.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demo.url.replace(/\/$/, '') });

    await fillAndGenerate(page, { kind: 'batch', count: 1000, seed: '' });
    await page.locator('#results-table tbody tr').nth(999).waitFor();
    expect(await rowCount(page)).toBe(1000);
    const records = await readTable(page);

    // Every format and consistency rule, on what the page shows.
    const problems = records.flatMap((record, i) => addressProblems(record).map((p) => `row ${i + 1}: ${p}`));
    expect(problems).toEqual([]);
    expect(new Set(records.map((r) => r.email)).size).toBe(1000);

    // The random seed is shown and reproduces the batch in the Node library.
    const seed = await shownSeed(page);
    expect(seed).toMatch(/^\d+$/);
    expect(records).toEqual(createGenerator({ seed }).batch({ count: 1000 }).addresses);

    // Copy JSON puts the batch result on the clipboard.
    await page.getByRole('button', { name: 'Copy JSON' }).click();
    await expect.poll(() => page.locator('#status').textContent()).toBe('Copied 1000 addresses as JSON.');
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied).toEqual({ count: 1000, addresses: records });

    // Downloads: the same records as CSV and as JSON.
    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toBe(`ussynth-batch-${seed}.csv`);
    const csvText = readFileSync(await csvDownload.path(), 'utf8');
    expect(csvText.split('\n')[0]).toBe('name,street,city,state,zip,phone,email,country');
    expect(parse(csvText, { columns: true })).toEqual(records);
    const [jsonDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON' }).click(),
    ]);
    expect(JSON.parse(readFileSync(await jsonDownload.path(), 'utf8'))).toEqual({ count: 1000, addresses: records });

    await expect.poll(() => page.locator('#counter').textContent()).toContain('1000 of 1000 free records used');
    await page.screenshot({ path: join(SCREENSHOTS, 'demo-1000.png') });

    // At the limit Generate is off, and the counter says why and what lifts it; the results stay as they were.
    expect(await page.locator('#generate').isDisabled()).toBe(true);
    expect(await page.locator('#counter').textContent()).toBe(
      '1000 of 1000 free records used since this page loaded; 0 left. Generate is off until the page is reloaded (or use the ussynth API for more); ZIP lookups count nothing and still work.',
    );
    expect(await page.locator('#results-table caption').textContent()).toBe(
      `1000 addresses in any state, seed ${seed}`,
    );
    // Enter in a field submits nothing either (the form's default button is off): nothing changes.
    const statusBefore = await page.locator('#status').textContent();
    await page.locator('#seed').press('Enter');
    expect(await page.locator('#status').textContent()).toBe(statusBefore);
    expect(await page.locator('#counter').textContent()).toContain('1000 of 1000 free records used');

    // Only the page's own static assets were requested, by the browser and at the server.
    const fetched = requested.filter((url) => !url.startsWith('blob:')).map((url) => new URL(url));
    expect(fetched.map((url) => url.pathname)).toContain('/ussynth.idx');
    expect(
      fetched.filter((url) => url.origin + '/' !== demo.url || !OWN_ASSETS.includes(url.pathname.slice(1))),
    ).toEqual([]);
    // The index is downloaded once: the preload is what loadIndex() reads.
    expect(demo.server.requests.filter((r) => r === 'GET /ussynth.idx')).toHaveLength(1);
    expect([...new Set(demo.server.requests)].sort()).toEqual([
      'GET /',
      'GET /app.js',
      'GET /favicon.svg',
      'GET /styles.css',
      'GET /ussynth.idx',
    ]);

    // Everything the page loaded weighs at most 2 MB gzipped.
    const paths = [...new Set(demo.server.requests.map((r) => r.slice('GET /'.length) || 'index.html'))];
    const gzipTotal = paths.reduce(
      (sum, name) => sum + gzipSync(readFileSync(join(WEB_DIST, name)), { level: 6 }).length,
      0,
    );
    expect(gzipTotal).toBeLessThanOrEqual(GZIP_BUDGET);
    await context.close();
  });

  it('trims a request that would cross 1000 to what remains, says so, and then refuses', async () => {
    const { context, page } = await openDemo(demo.browser, demo.url);
    await fillAndGenerate(page, { kind: 'batch', count: 600, seed: 'trim-test' });
    await expect.poll(() => rowCount(page)).toBe(600);
    expect(await page.getByRole('alert').isHidden()).toBe(true);

    await fillAndGenerate(page, { kind: 'batch', count: 600, seed: 'trim-test', state: 'TX' });
    await expect.poll(() => rowCount(page)).toBe(400);
    expect(await page.getByRole('alert').textContent()).toBe(
      'Trimmed to 400 of the 600 records requested: the free browser demo allows 1000 records per page load and only 400 remained. ' +
        'Reload the page or use the ussynth API for more.',
    );
    // Trimming keeps the seeded stream: the first 400 of the 600 asked for.
    expect(await readTable(page)).toEqual(
      createGenerator({ seed: 'trim-test' }).batch({ count: 400, state: 'TX' }).addresses,
    );
    expect(await page.locator('#usage').evaluate((p: HTMLProgressElement) => p.value)).toBe(1000);

    // Nothing left: Generate is off.
    expect(await page.locator('#generate').isDisabled()).toBe(true);
    expect(await page.locator('#counter').textContent()).toContain('Generate is off until the page is reloaded');

    // A ZIP lookup counts nothing, so it still works at the limit; back on a kind that counts, Generate is off again.
    await page.locator('input[name="kind"][value="zip"]').check();
    expect(await page.locator('#generate').isDisabled()).toBe(false);
    await fillAndGenerate(page, { kind: 'zip', zip: '60601' });
    await expect.poll(() => page.locator('#status').textContent()).toBe('Looked up ZIP 60601.');
    expect(await readTable(page)).toEqual([createGenerator().zip('60601')]);
    expect(await page.locator('#usage').evaluate((p: HTMLProgressElement) => p.value)).toBe(1000);
    await page.locator('input[name="kind"][value="ein"]').check();
    expect(await page.locator('#generate').isDisabled()).toBe(true);

    // A reload lifts it.
    await page.reload();
    await page.locator('#generate:enabled').waitFor();
    expect(await page.locator('#counter').textContent()).toBe(
      '0 of 1000 free records used since this page loaded; 1000 left.',
    );
    await fillAndGenerate(page, { kind: 'ein', count: 5, seed: 'after-reload' });
    await expect.poll(() => rowCount(page)).toBe(5);
    await context.close();
  });

  it('saves a screenshot of the page with results', async () => {
    const { context, page } = await openDemo(demo.browser, demo.url, { width: 1280, height: 860 });
    await fillAndGenerate(page, { kind: 'batch', count: 12, state: 'IL', seed: 'readme' });
    await expect.poll(() => rowCount(page)).toBe(12);
    await page.mouse.move(0, 0); // no hover colour on the button in the picture
    const path = join(SCREENSHOTS, 'demo-screenshot.png');
    await page.screenshot({ path, fullPage: true });
    // A real PNG of the whole page, not an empty file.
    const png = readFileSync(path);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1280);
    await context.close();
  });
});
