import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator } from '../../../src/index.js';
import { WEB_DIST } from '../../../web/build.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { launchChromium } from '../../../test/e2e/chromium.js';
import { fillAndGenerate, openDemo, readTable, rowCount } from '../../../test/e2e/demo-page.js';

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  // The real REST API server (Fastify, SQLite key store), serving the built demo at `/` as `npm start` does.
  server = await startTestServer({ config: { webDir: WEB_DIST } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.destroy();
});

describe('the demo served at / by the API server', () => {
  it('generates in the page without calling /v1 or anything but its own static files', async () => {
    const { context, page, requested } = await openDemo(browser, server.url + '/');
    const violations = watchCsp(page);
    await fillAndGenerate(page, { kind: 'batch', count: 1000, seed: 'served' });
    await expect.poll(() => rowCount(page)).toBe(1000);
    expect(await readTable(page)).toEqual(createGenerator({ seed: 'served' }).batch({ count: 1000 }).addresses);

    expect(violations).toEqual([]);
    const paths = requested.filter((url) => !url.startsWith('blob:')).map((url) => new URL(url));
    expect(paths.every((url) => url.origin === server.url)).toBe(true);
    expect([...new Set(paths.map((url) => url.pathname))].sort()).toEqual([
      '/',
      '/app.js',
      '/favicon.svg',
      '/styles.css',
      '/ussynth.idx',
    ]);
    expect(paths.some((url) => url.pathname.startsWith('/v1'))).toBe(false);
    await context.close();
  });
});

describe('pages under their Content-Security-Policy', () => {
  it('the demo loads with nothing refused', async () => {
    const { context, page, violations, response } = await openWatched('/');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.locator('#generate:enabled').waitFor({ timeout: 30_000 });
    expect(violations).toEqual([]);
    await context.close();
  });

  it('the API docs page renders every operation with nothing refused', async () => {
    const { context, page, violations, response } = await openWatched('/v1/docs');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    // One block per operation of the OpenAPI document (the data API and the account API).
    const doc = (await (await fetch(server.url + '/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(doc.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
    expect(operations).toBeGreaterThan(20);
    expect(await page.locator('.opblock').count()).toBe(operations);
    expect(violations).toEqual([]);
    await context.close();
  });
});

/** Opens a path in a fresh context, collecting what the browser refuses under the page's CSP. */
async function openWatched(path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const violations = watchCsp(page);
  const response = await page.goto(server.url + path);
  return { context, page, violations, response };
}

/** What the browser refuses under the page's Content-Security-Policy, as it reports it on the console. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  return violations;
}
