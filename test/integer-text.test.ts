import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { integerText } from '../src/integer-text.js';
import { randomSeed } from '../src/random/random-seed.js';

describe('integerText', () => {
  it('is String(n) for every number, with its own path for integers from 2^31 to 2^53', () => {
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeInteger(), fc.integer({ min: 2 ** 31 - 10, max: 2 ** 31 + 1e7 }), fc.double()), (n) => {
        expect(integerText(n)).toBe(String(n));
      }),
      { numRuns: 5000 },
    );
    for (const n of [0, -0, 2 ** 31, 2 ** 31 - 1, 1_000_000_000_000, 1_795_271_388_689, 2 ** 53 - 1, 2 ** 53, 1e21, -(2 ** 40)]) expect(integerText(n)).toBe(String(n));
  });
});

describe('randomSeed', () => {
  it('picks decimal integers below 2^53, printed as String() prints them', () => {
    for (let i = 0; i < 5000; i++) {
      const seed = randomSeed();
      expect(seed).toMatch(/^(?:0|[1-9][0-9]{0,15})$/);
      expect(String(Number(seed))).toBe(seed);
      expect(Number(seed)).toBeLessThan(2 ** 53);
    }
  });
});
