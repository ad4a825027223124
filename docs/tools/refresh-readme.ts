/**
 * Regenerates what the README shows from what the code makes now: the
 * example record and versions (docs/tools/readme-example.ts), and the demo
 * screenshot docs/demo-screenshot.png, taken in Debian's Chromium of the real
 * built page (`npm run build:web` first) at 1280 px with a seeded batch.
 *   npm run docs:readme
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../test/e2e/chromium.js';
import { fillAndGenerate, openDemo, rowCount } from '../../test/e2e/demo-page.js';
import { serveStatic } from '../../test/e2e/static-server.js';
import { WEB_DIST } from '../../web/build.js';
import { README_SEED, withExample } from './readme-example.js';

const README = fileURLToPath(new URL('../../README.md', import.meta.url));
const SCREENSHOT = fileURLToPath(new URL('../demo-screenshot.png', import.meta.url));

writeFileSync(README, withExample(readFileSync(README, 'utf8')));
const server = await serveStatic(WEB_DIST);
const browser = await launchChromium();
try {
  const { page } = await openDemo(browser, server.url, { width: 1280, height: 860 });
  await fillAndGenerate(page, { kind: 'batch', count: 12, state: '', seed: String(README_SEED) });
  while ((await rowCount(page)) !== 12) await page.waitForTimeout(50);
  await page.mouse.move(0, 0); // no hover colour in the picture
  await page.screenshot({ path: SCREENSHOT, fullPage: true });
  console.log(`Updated README.md's example and ${SCREENSHOT}`);
} finally {
  await browser.close();
  await server.close();
}
