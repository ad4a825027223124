import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Generator } from '../../src/index.js';
import { GOLDEN_CALLS, GOLDEN_SEEDS, goldenFile } from '../golden/golden-plan.js';
import { goldenText } from '../golden/update-golden.js';

describe('golden files (npm run golden:update rewrites them after a deliberate change)', () => {
  it('cover every public method of Generator', () => {
    const methods = Object.getOwnPropertyNames(Generator.prototype).filter((name) => name !== 'constructor');
    expect(methods.sort()).toEqual(Object.keys(GOLDEN_CALLS).sort());
  });

  for (const method of Object.keys(GOLDEN_CALLS)) {
    for (const seed of GOLDEN_SEEDS) {
      it(`${method} with seed ${seed} gives the golden bytes`, () => {
        const golden = readFileSync(new URL(`../golden/${goldenFile(method, seed)}`, import.meta.url), 'utf8');
        expect(goldenText(method, seed)).toBe(golden);
      });
    }
  }
});
