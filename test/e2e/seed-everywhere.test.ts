import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGenerator, FIELD_NAMES } from '../../src/index.js';
import { validSeeds } from '../fixtures/valid-seeds.js';
import { fillAndGenerate, readJson, shownSeed } from './demo-page.js';
import { useDemoSite } from './demo-site.js';

// The demo's side of the one seed rule (the API, client and CLI are in test/random/seed-rule-surfaces.test.ts): seeds
// the library accepts, spaces and punctuation included, give the library's records in Chromium.
const demo = useDemoSite({ openPage: true });

describe('the demo takes every seed the library takes', () => {
  const sampled = fc.sample(validSeeds(60), { numRuns: 4, seed: 26 }).map((seed) => createGenerator({ seed }).seed);
  for (const seed of ['hello world', 'x'.repeat(256), '-12.5', `a ~!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~ z`, ...sampled]) {
    it(`seed ${JSON.stringify(seed.length > 40 ? `${seed.slice(0, 40)}...` : seed)}`, async () => {
      const before = await demo.page.locator('#status').textContent();
      await fillAndGenerate(demo.page, { kind: 'batch', count: 5, state: '', seed });
      await expect.poll(() => demo.page.locator('#status').textContent()).not.toBe(before);
      expect(await demo.page.getByRole('alert').isHidden()).toBe(true);
      expect(await shownSeed(demo.page)).toBe(seed);
      expect(await readJson(demo.page)).toEqual(createGenerator({ seed }).batch({ count: 5 }));
    });
  }

  // Field lists too: the same records as the library's for the seed and list (birthDate and the geo fields load their files).
  const lists = fc
    .sample(fc.shuffledSubarray([...FIELD_NAMES], { minLength: 1, maxLength: 8 }), { numRuns: 3, seed: 34 })
    .map((fields) => fields.map((field, i) => (i % 2 === 0 ? `c${i}=${field}` : field)).join(','));
  for (const fields of [...lists, 'id=uuid,first_name=firstName,birth_date=birthDate,lat']) {
    it(`fields ${fields}`, async () => {
      const seed = `fields ${fields.length}`;
      await fillAndGenerate(demo.page, { kind: 'batch', count: 5, state: '', seed, fields, geo: false });
      await expect
        .poll(
          async () =>
            (await demo.page.locator('#status').textContent())?.startsWith('Generated 5 addresses') &&
            (await shownSeed(demo.page)) === seed,
        )
        .toBe(true);
      expect(await readJson(demo.page)).toEqual(createGenerator({ seed }).batch({ count: 5, fields }));
    });
  }

  it("refuses a seed the library refuses, with the library's message", async () => {
    await fillAndGenerate(demo.page, { kind: 'batch', count: 5, state: '', seed: 'café' });
    await expect
      .poll(() => demo.page.getByRole('alert').textContent())
      .toMatch(/^Seed must be 1 to 256 printable ASCII.*"café"/);
  });
});
