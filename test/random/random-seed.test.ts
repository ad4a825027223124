import { describe, expect, it } from 'vitest';
import { randomSeed } from '../../src/random/random-seed.js';

describe('randomSeed', () => {
  it('picks decimal integers below 2^53, in their shortest decimal form', () => {
    for (let i = 0; i < 5000; i++) {
      const seed = randomSeed();
      expect(seed).toMatch(/^(?:0|[1-9][0-9]{0,15})$/);
      expect(String(Number(seed))).toBe(seed);
      expect(Number(seed)).toBeLessThan(2 ** 53);
    }
  });
});
