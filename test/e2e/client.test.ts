// The API client in Chromium: bundled for browsers, loaded by a page that the
// real `ussynth serve` serves from its own origin (USSYNTH_WEB_DIR), calling
// that server's /v1 with a key.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createClient as CreateClient, UssynthApiError } from '../../src/client/index.js';
import { createGenerator } from '../../src/index.js';
import { spawnServer, type SpawnedServer } from '../client/spawned-server.js';
import { launchChromium } from './chromium.js';

const page = mkdtempSync(join(tmpdir(), 'ussynth-client-page-'));
let server: SpawnedServer;
let browser: Browser;

beforeAll(async () => {
  await build({
    entryPoints: [new URL('../../src/client/index.ts', import.meta.url).pathname],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    outfile: join(page, 'client.js'),
    logLevel: 'silent',
  });
  // The page imports the bundle as any web page would and hands createClient to the test (from a file: the
  // server's Content-Security-Policy refuses inline scripts).
  writeFileSync(
    join(page, 'main.js'),
    "import { createClient } from './client.js'; window.createUssynthClient = createClient;\n",
  );
  writeFileSync(
    join(page, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>client</title><script type="module" src="./main.js"></script></head><body></body></html>\n',
  );
  server = await spawnServer({ USSYNTH_WEB_DIR: page });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(page, { recursive: true, force: true });
});

describe('ussynth/client in Chromium', () => {
  it("pages addresses, reads problems and cancels, with the browser's own fetch", async () => {
    const apiKey = server.createKey('chromium', { tier: 'enterprise', rate: 1000, monthlyQuota: 1_000_000 });
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(server.url + '/');
    await tab.waitForFunction(() => 'createUssynthClient' in window);
    const result = await tab.evaluate(async (key) => {
      const createClient = (window as unknown as { createUssynthClient: typeof CreateClient }).createUssynthClient;
      const client = createClient({ baseUrl: location.origin, apiKey: key });
      const addresses = await client.addresses({ seed: 'chromium', start: 5, count: 2500, pageSize: 700 });
      const failure = await client.address({ state: 'ZZ' }).then(
        () => undefined,
        (error: UssynthApiError) => ({
          name: error.name,
          code: error.code,
          status: error.status,
          requestId: error.requestId,
        }),
      );
      const cancelled = await client
        .addresses({ seed: 'chromium', count: 1_000_000, signal: AbortSignal.abort() })
        .catch((error: Error) => error.name);
      return { addresses, failure, cancelled, missing: await client.zip('00000') };
    }, apiKey);
    expect(result.addresses).toEqual(createGenerator({ seed: 'chromium' }).addresses({ start: 5, count: 2500 }));
    expect(result.failure).toMatchObject({ name: 'UssynthApiError', code: 'invalid_state', status: 400 });
    expect(result.failure?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.cancelled).toBe('AbortError');
    expect(result.missing).toBeNull();
    await context.close();
  });
});
