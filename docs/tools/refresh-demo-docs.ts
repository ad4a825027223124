/**
 * Regenerates what docs/demo.md and the README show of the demo from the current build: the size table in
 * docs/demo.md (the demo built into server/web-dist/ first), and the screenshot docs/demo-screenshot.png, taken in
 * Debian's Chromium at 1280 px with a batch of 12 for the README's seed, with docs/demo-screenshot.json, the record
 * of what it shows (versions, rows, form controls; test/docs/demo-screenshot.test.ts holds it to the code).
 *   npm run docs:demo
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../test/e2e/chromium.js';
import { fillAndGenerate, openDemo, readTable, rowCount } from '../../test/e2e/demo-page.js';
import { serveStatic } from '../../test/e2e/static-server.js';
import { buildWeb, WEB_DIST } from '../../web/build.js';
import { SCREENSHOT_PATH, SCREENSHOT_RECORD_PATH, withSizeTable, type ScreenshotRecord } from './demo-docs.js';
import { README_SEED } from './readme-example.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Builds the demo, rewrites docs/demo.md's size table, and takes the screenshot with its record.
 * @example await refreshDemoDocs()
 */
export async function refreshDemoDocs(): Promise<void> {
  const files = await buildWeb(WEB_DIST);
  const demoDoc = `${ROOT}docs/demo.md`;
  writeFileSync(demoDoc, withSizeTable(readFileSync(demoDoc, 'utf8'), files));
  const server = await serveStatic(WEB_DIST);
  const browser = await launchChromium();
  try {
    const { page } = await openDemo(browser, server.url, { width: 1280, height: 860 });
    const input = { kind: 'batch', count: 12, state: '', seed: String(README_SEED) } as const;
    await fillAndGenerate(page, input);
    while ((await rowCount(page)) !== input.count) await page.waitForTimeout(50);
    await page.mouse.move(0, 0); // no hover colour in the picture
    const png = await page.screenshot({ path: `${ROOT}${SCREENSHOT_PATH}`, fullPage: true });
    const versions = /^Generator (\S+), dataset (\S+)\.$/.exec((await page.locator('#versions').textContent()) ?? '');
    if (!versions) throw new Error("the demo's footer shows no versions");
    const record: ScreenshotRecord = {
      madeBy: 'npm run docs:demo',
      png: { sha256: createHash('sha256').update(png).digest('hex'), width: png.readUInt32BE(16) },
      generatorVersion: versions[1]!,
      datasetVersion: versions[2]!,
      input,
      caption: (await page.locator('#results-table caption').textContent()) ?? '',
      records: await readTable(page),
      formControls: await page
        .locator('#demo-form')
        .evaluate((form) =>
          [...form.querySelectorAll('input[id], select[id], button[id], textarea[id]')].map((control) => control.id),
        ),
    };
    writeFileSync(`${ROOT}${SCREENSHOT_RECORD_PATH}`, `${JSON.stringify(record, null, 2)}\n`);
    console.log(`Updated docs/demo.md's size table, ${SCREENSHOT_PATH} and ${SCREENSHOT_RECORD_PATH}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await refreshDemoDocs();
