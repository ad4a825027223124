import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator } from '../../src/index.js';
import { WEB_DIST } from '../../web/build.js';
import { launchChromium } from './chromium.js';
import { fillAndGenerate, openDemo, readJson, readTable, shownSeed, type FormInput } from './demo-page.js';
import { addressProblems, einProblems, phoneResultProblems } from './record-rules.js';
import { serveStatic, type StaticServer } from './static-server.js';

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

/** Generates in the page and returns the shown seed, the table and the JSON offered for copy. */
async function generateIn(input: FormInput) {
  const before = await page.locator('#status').textContent();
  await fillAndGenerate(page, input);
  await expect.poll(() => page.locator('#status').textContent()).not.toBe(before);
  expect(await page.getByRole('alert').isHidden()).toBe(true);
  return { seed: await shownSeed(page), table: await readTable(page), json: await readJson(page) };
}

describe('a seed and options give exactly the records of the Node library', () => {
  it('one address in a state', async () => {
    const { seed, table, json } = await generateIn({ kind: 'address', state: 'VT', seed: 'e2e-seed' });
    const expected = createGenerator({ seed: 'e2e-seed' }).address({ state: 'VT' });
    expect(seed).toBe('e2e-seed');
    expect(json).toEqual(expected);
    expect(table).toEqual([expected]);
    expect(addressProblems(table[0], 'VT')).toEqual([]);
  });

  it('a batch in a territory, with the seed typed with spaces around it', async () => {
    const { seed, table, json } = await generateIn({ kind: 'batch', count: 40, state: 'PR', seed: '  e2e-seed ' });
    const expected = createGenerator({ seed: 'e2e-seed' }).batch({ count: 40, state: 'PR' });
    expect(seed).toBe('e2e-seed');
    expect(json).toEqual(expected);
    expect(table).toEqual(expected.addresses);
    expect(table.flatMap((r) => addressProblems(r, 'PR'))).toEqual([]);
  });

  it('a numeric seed is the same stream as the number in Node', async () => {
    const { table } = await generateIn({ kind: 'batch', count: 20, state: '', seed: '42' });
    expect(table).toEqual(createGenerator({ seed: 42 }).batch({ count: 20 }).addresses);
  });

  it('EINs', async () => {
    const { table, json } = await generateIn({ kind: 'ein', count: 100, seed: 'e2e-seed' });
    const node = createGenerator({ seed: 'e2e-seed' });
    const expected = Array.from({ length: 100 }, () => node.ein());
    expect(json).toEqual(expected);
    expect(table).toEqual(expected);
    expect(table.flatMap((r) => einProblems(r.ein))).toEqual([]);
  });

  it('phone numbers of a state, and of any state', async () => {
    const inNy = await generateIn({ kind: 'phone', count: 100, state: 'NY', seed: 'e2e-seed' });
    const node = createGenerator({ seed: 'e2e-seed' });
    expect(inNy.json).toEqual(Array.from({ length: 100 }, () => node.phone({ state: 'NY' })));
    expect(inNy.table).toEqual(inNy.json);
    expect(inNy.table.flatMap((r) => phoneResultProblems(r, 'NY'))).toEqual([]);

    const anywhere = await generateIn({ kind: 'phone', count: 50, state: '', seed: 'e2e-seed' });
    const fresh = createGenerator({ seed: 'e2e-seed' });
    expect(anywhere.table).toEqual(Array.from({ length: 50 }, () => fresh.phone()));
    expect(anywhere.table.flatMap((r) => phoneResultProblems(r))).toEqual([]);
  });

  it('a ZIP lookup, and a well-formed unknown ZIP', async () => {
    const { table, json } = await generateIn({ kind: 'zip', zip: '00501', seed: 'e2e-seed' });
    const expected = createGenerator({ seed: 'e2e-seed' }).zip('00501');
    expect(expected).not.toBeNull();
    expect(json).toEqual(expected);
    expect(table).toEqual([expected]);

    const counterBefore = await page.locator('#counter').textContent();
    await fillAndGenerate(page, { kind: 'zip', zip: '00000' });
    await expect.poll(() => page.locator('#status').textContent()).toBe('ZIP 00000 is well formed but not a known ZIP code; nothing was counted.');
    expect(await page.locator('#results').isHidden()).toBe(true);
    expect(await page.locator('#counter').textContent()).toBe(counterBefore);
  });

  it('counted every record above: 1 + 40 + 20 + 100 + 150 + 1', async () => {
    expect(await page.locator('#counter').textContent()).toBe('312 of 1000 free records used since this page loaded; 688 left.');
  });
});
