import fc from 'fast-check';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator } from '../../src/index.js';
import { WEB_DIST } from '../../web/build.js';
import { validSeeds } from '../fixtures/valid-seeds.js';
import { launchChromium } from './chromium.js';
import { fillAndGenerate, openDemo, readJson, shownSeed } from './demo-page.js';
import { serveStatic, type StaticServer } from './static-server.js';

// The demo's side of the one seed rule (the API, client and CLI are in test/random/seed-rule-surfaces.test.ts): seeds
// the library accepts, spaces and punctuation included, give the library's records in Chromium.
let browser: Browser;
let server: StaticServer;
let page: Page;

beforeAll(async () => {
  server = await serveStatic(WEB_DIST);
  browser = await launchChromium();
  ({ page } = await openDemo(browser, server.url));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the demo takes every seed the library takes', () => {
  const sampled = fc.sample(validSeeds(60), { numRuns: 4, seed: 26 }).map((seed) => createGenerator({ seed }).seed);
  for (const seed of ['hello world', 'x'.repeat(256), '-12.5', `a ~!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~ z`, ...sampled]) {
    it(`seed ${JSON.stringify(seed.length > 40 ? `${seed.slice(0, 40)}...` : seed)}`, async () => {
      const before = await page.locator('#status').textContent();
      await fillAndGenerate(page, { kind: 'batch', count: 5, state: '', seed });
      await expect.poll(() => page.locator('#status').textContent()).not.toBe(before);
      expect(await page.getByRole('alert').isHidden()).toBe(true);
      expect(await shownSeed(page)).toBe(seed);
      expect(await readJson(page)).toEqual(createGenerator({ seed }).batch({ count: 5 }));
    });
  }

  it('refuses a seed the library refuses, with the library\'s message', async () => {
    await fillAndGenerate(page, { kind: 'batch', count: 5, state: '', seed: 'café' });
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^Seed must be 1 to 256 printable ASCII.*"café"/);
  });
});
