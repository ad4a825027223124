import { describe, expect, it } from 'vitest';
import { createGenerator } from '../../src/index.js';
import { fillAndGenerate, readJson, readTable, shownSeed, type FormInput } from './demo-page.js';
import { useDemoSite } from './demo-site.js';
import { addressProblems, einProblems, phoneResultProblems } from './record-rules.js';

const demo = useDemoSite({ openPage: true });

/** Generates in the page and returns the shown seed, the table and the JSON offered for copy. */
async function generateIn(input: FormInput) {
  const before = await demo.page.locator('#status').textContent();
  await fillAndGenerate(demo.page, input);
  await expect.poll(() => demo.page.locator('#status').textContent()).not.toBe(before);
  expect(await demo.page.getByRole('alert').isHidden()).toBe(true);
  return { seed: await shownSeed(demo.page), table: await readTable(demo.page), json: await readJson(demo.page) };
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

  it('a ZIP lookup, with no seed and nothing counted, and a well-formed unknown ZIP', async () => {
    const beforeLookup = await demo.page.locator('#counter').textContent();
    const { seed, table, json } = await generateIn({ kind: 'zip', zip: '00501' });
    const expected = createGenerator({ seed: 'e2e-seed' }).zip('00501');
    expect(expected).not.toBeNull();
    expect(json).toEqual(expected);
    expect(table).toEqual([expected]);
    // A lookup reads the index and draws nothing at random: no seed field, no seed shown, no free record used.
    expect(seed).toBe('');
    expect(await demo.page.locator('#seed').isHidden()).toBe(true);
    expect(await demo.page.locator('#seed-used').isHidden()).toBe(true);
    expect(await demo.page.locator('#results-table caption').textContent()).toBe('ZIP 00501');
    expect(await demo.page.locator('#status').textContent()).toBe('Looked up ZIP 00501.');
    expect(await demo.page.locator('#counter').textContent()).toBe(beforeLookup);

    const counterBefore = await demo.page.locator('#counter').textContent();
    await fillAndGenerate(demo.page, { kind: 'zip', zip: '00000' });
    await expect
      .poll(() => demo.page.locator('#status').textContent())
      .toBe('ZIP 00000 is well formed but not a known ZIP code.');
    expect(await demo.page.locator('#results').isHidden()).toBe(true);
    expect(await demo.page.locator('#counter').textContent()).toBe(counterBefore);
  });

  it('counted every generated record above (1 + 40 + 20 + 100 + 150) and no lookup', async () => {
    expect(await demo.page.locator('#counter').textContent()).toBe(
      '311 of 1000 free records used since this page loaded; 689 left.',
    );
  });
});
