import type { Browser } from 'playwright-core';
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
    await fillAndGenerate(page, { kind: 'batch', count: 1000, seed: 'served' });
    await expect.poll(() => rowCount(page)).toBe(1000);
    expect(await readTable(page)).toEqual(createGenerator({ seed: 'served' }).batch({ count: 1000 }).addresses);

    const paths = requested.filter((url) => !url.startsWith('blob:')).map((url) => new URL(url));
    expect(paths.every((url) => url.origin === server.url)).toBe(true);
    expect([...new Set(paths.map((url) => url.pathname))].sort()).toEqual(['/', '/app.js', '/favicon.svg', '/styles.css', '/ussynth.idx']);
    expect(paths.some((url) => url.pathname.startsWith('/v1'))).toBe(false);
    await context.close();
  });
});
