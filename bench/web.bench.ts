/**
 * How fast the free browser demo shows its first 1000 records, in headless
 * Debian Chromium, against the same page built on @faker-js/faker and on
 * chance (the peers generate 1000 addresses into the same table with the
 * same renderer; they need no index file, their data is in the bundle).
 *
 *   npm run bench:web            # 9 runs per page, interleaved
 *   RUNS=15 npm run bench:web
 *
 * Each run opens a fresh browser context (empty cache), loads the page from
 * a local static server, sets the count to 1000, presses Generate as soon
 * as the page is ready and waits for the `ussynth:rendered` mark the page
 * sets one frame after the rows are in the document. "shown" is that mark's
 * time since navigation start: the "within 1 s of the page loading".
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test/e2e/chromium.js';
import { serveStatic } from '../test/e2e/static-server.js';
import { BROWSER_BUNDLE, buildWeb, WEB_DIST } from '../web/build.js';
import { median } from './measure.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.RUNS ?? 9);
const COUNT = 1000;

const PEER_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>peer</title><link rel="stylesheet" href="./styles.css"><script type="module" src="./app.js"></script></head><body><main>
<form id="demo-form"><label for="count">Count</label> <input id="count" type="number" value="10"> <button id="generate" type="submit" disabled>Generate</button></form>
<div class="table-wrap"><table id="results-table"><caption></caption><thead></thead><tbody></tbody></table></div></main></body></html>`;

/** Entry code of a peer page: `make(i)` is one address-like record in the peer library's own way. */
function peerEntry(imports: string, make: string): string {
  return `${imports}
import { renderTable } from ${JSON.stringify(join(ROOT, 'web/src/results-table.ts'))};
import { DEMO_COLUMNS } from ${JSON.stringify(join(ROOT, 'web/src/generate.ts'))};
const table = document.getElementById('results-table');
document.getElementById('demo-form').addEventListener('submit', (event) => {
  event.preventDefault();
  performance.mark('ussynth:generate');
  const count = Number(document.getElementById('count').value);
  const records = [];
  for (let i = 0; i < count; i++) records.push(${make});
  renderTable(table, DEMO_COLUMNS.batch, records, count + ' addresses');
  requestAnimationFrame(() => setTimeout(() => performance.mark('ussynth:rendered'), 0));
});
document.getElementById('generate').disabled = false;
performance.mark('ussynth:ready');
`;
}

const PEERS = {
  '@faker-js/faker': peerEntry(
    `import { fakerEN_US as faker } from '@faker-js/faker'; faker.seed(42);`,
    `{ name: faker.person.fullName(), street: faker.location.streetAddress(), city: faker.location.city(), state: faker.location.state({ abbreviated: true }),
       zip: faker.location.zipCode('#####'), phone: faker.phone.number({ style: 'national' }), email: faker.internet.email(), country: 'United States' }`,
  ),
  chance: peerEntry(
    `import Chance from 'chance'; const chance = new Chance(42);`,
    `{ name: chance.name(), street: chance.address(), city: chance.city(), state: chance.state(), zip: chance.zip(), phone: chance.phone(),
       email: chance.email({ domain: 'example.com' }), country: 'United States' }`,
  ),
};

async function buildPeer(dir: string, entry: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await build({
    stdin: { contents: entry, resolveDir: join(ROOT, 'bench'), loader: 'ts' },
    outfile: join(dir, 'app.js'),
    ...BROWSER_BUNDLE,
    logLevel: 'error',
  });
  writeFileSync(join(dir, 'index.html'), PEER_HTML);
  copyFileSync(join(ROOT, 'web/styles.css'), join(dir, 'styles.css'));
}

function gzipTotal(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + gzipSync(readFileSync(join(dir, name)), { level: 6 }).length, 0);
}

interface Run {
  ready: number;
  render: number;
  shown: number;
}

async function runOnce(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.locator('#count').fill(String(COUNT));
    await page.locator('#generate:enabled').click();
    await page.waitForFunction(() => performance.getEntriesByName('ussynth:rendered').length > 0);
    const rows = await page.locator('#results-table tbody tr').count();
    if (rows !== COUNT) throw new Error(`${url} showed ${rows} rows, not ${COUNT}`);
    // A plain expression: tsx would wrap a named helper function in a `__name` call the page lacks.
    const [ready, generate, rendered] = await page.evaluate(() =>
      ['ussynth:ready', 'ussynth:generate', 'ussynth:rendered'].map(
        (name) => performance.getEntriesByName(name)[0].startTime,
      ),
    );
    return { ready, render: rendered - generate, shown: rendered };
  } finally {
    await context.close();
  }
}

const work = mkdtempSync(join(tmpdir(), 'ussynth-bench-web-'));
const browser = await launchChromium();
const servers: Awaited<ReturnType<typeof serveStatic>>[] = [];
try {
  await buildWeb(WEB_DIST);
  const pages: { name: string; dir: string; url: string; runs: Run[] }[] = [
    { name: 'ussynth demo', dir: WEB_DIST, url: '', runs: [] },
  ];
  for (const [name, entry] of Object.entries(PEERS)) {
    const dir = join(work, name.replace(/[^a-z]/g, ''));
    await buildPeer(dir, entry);
    pages.push({ name, dir, url: '', runs: [] });
  }
  for (const page of pages) {
    const server = await serveStatic(page.dir);
    servers.push(server);
    page.url = server.url;
    await runOnce(browser, page.url); // warm-up: the browser's own first-start costs
  }
  for (let i = 0; i < RUNS; i++) for (const page of pages) page.runs.push(await runOnce(browser, page.url));

  const ours = median(pages[0].runs.map((r) => r.shown));
  const lines = [
    `${COUNT} records shown in headless Chromium, median of ${RUNS} runs (ms since navigation start; fresh context per run)`,
    '',
    '| page | gzip KiB loaded | ready ms | generate+render ms | ready + generate+render ms | first 1000 shown ms (with the scripted click) | shown vs ussynth |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...pages.map((p) => {
      const shown = median(p.runs.map((r) => r.shown));
      const page = median(p.runs.map((r) => r.ready + r.render));
      return `| ${p.name} | ${(gzipTotal(p.dir) / 1024).toFixed(0)} | ${median(p.runs.map((r) => r.ready)).toFixed(0)} | ${median(p.runs.map((r) => r.render)).toFixed(0)} | ${page.toFixed(0)} | ${shown.toFixed(0)} | ${(shown / ours).toFixed(2)}x |`;
    }),
    '',
    `target: first 1000 shown within 1000 ms of navigation start, counting Playwright's fill and click: ${ours <= 1000 ? 'met' : 'NOT met'} (${ours.toFixed(0)} ms)`,
  ];
  console.log(lines.join('\n'));
} finally {
  await browser.close();
  for (const server of servers) await server.close();
  rmSync(work, { recursive: true, force: true });
}
