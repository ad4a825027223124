import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyedPermutation } from '../../src/random/keyed-permutation.js';

const keys = fc.array(fc.nat({ max: 0xffff_ffff }), { minLength: 1, maxLength: 4 });

describe('KeyedPermutation', () => {
  it('maps 0..size-1 onto itself one to one, for any size, key and tweak', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), keys, fc.nat({ max: 100 }), (size, key, tweak) => {
        const permutation = new KeyedPermutation(size, key);
        const values = Array.from({ length: size }, (_, i) => permutation.at(i, tweak));
        expect(values.every((v) => Number.isInteger(v) && v >= 0 && v < size)).toBe(true);
        expect(new Set(values).size).toBe(size);
      }),
      { numRuns: 200 },
    );
  });

  it('gives different orders for different keys and tweaks', () => {
    const a = new KeyedPermutation(1_000_000, [1, 2, 3, 4]);
    const b = new KeyedPermutation(1_000_000, [1, 2, 3, 5]);
    const first = (p: KeyedPermutation, tweak = 0) => Array.from({ length: 20 }, (_, i) => p.at(i, tweak));
    expect(first(a)).not.toEqual(first(b));
    expect(first(a)).not.toEqual(first(a, 1));
    expect(first(a)).toEqual(first(new KeyedPermutation(1_000_000, [1, 2, 3, 4])));
  });

  it('handles sizes up to 2^32', () => {
    const permutation = new KeyedPermutation(2 ** 32, [7]);
    for (const i of [0, 1, 2 ** 31, 2 ** 32 - 1]) expect(permutation.at(i)).toBeLessThan(2 ** 32);
  });
});
