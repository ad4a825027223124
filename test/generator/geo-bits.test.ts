import { describe, expect, it } from 'vitest';
import { nthBit } from '../../src/generator/geo.js';

/** The k-th set bit by clearing the low set bit k times (the rule nthBit must keep). */
function reference(bits: number, k: number): number {
  let b = bits;
  for (let i = 0; i < k; i++) b &= b - 1;
  return 31 - Math.clz32(b & -b);
}

describe('nthBit', () => {
  it('finds every set bit of every mask the way clearing low bits does', () => {
    const masks = [0x1, 0x80000000, 0xffffffff, 0x00ff00ff, 0xf0000001, 0x12345678, 0x80808080];
    let x = 0x9e3779b9;
    for (let i = 0; i < 20_000; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      masks.push(x >>> 0, (x >>> 0) & 0xff000000, (x >>> 0) & 0x0000ff00);
    }
    const wrong: string[] = [];
    let checked = 0;
    for (const mask of masks) {
      let count = 0;
      for (let b = mask; b !== 0; b &= b - 1) count++;
      for (let k = 0; k < count; k++, checked++) {
        if (nthBit(mask, k) !== reference(mask, k))
          wrong.push(`mask ${mask.toString(16)} k ${k}: ${nthBit(mask, k)}, want ${reference(mask, k)}`);
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(300_000);
  });
});
