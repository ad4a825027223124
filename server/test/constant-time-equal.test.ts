import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameText } from '../src/constant-time-equal.js';

describe('sameText', () => {
  it('is string equality, for equal and unequal lengths', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        expect(sameText(a, b)).toBe(a === b);
        expect(sameText(a, a)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('tells apart keys that differ in one character anywhere', () => {
    const key = 'uss_live_Ab3dE6gHkLmNoPqRsTuVwXyZ0123456789abcd';
    for (let i = 0; i < key.length; i++) {
      const changed = key.slice(0, i) + (key[i] === 'x' ? 'y' : 'x') + key.slice(i + 1);
      expect(sameText(key, changed)).toBe(false);
    }
  });
});
