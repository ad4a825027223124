import { describe, expect, it } from 'vitest';
import { decimal, fourDigits } from '../../src/generator/digits.js';

describe('digit strings', () => {
  it('decimal() is String() for every integer up to 200,000, around each table boundary and beyond', () => {
    for (let n = 0; n < 200_000; n++) if (decimal(n) !== String(n)) expect(decimal(n)).toBe(String(n));
    for (const n of [999_999, 1_000_000, 1_000_001, 5_050_505, 9_999_999, 10_000_000, 10_000_001, 9_007_199_254_740_991]) expect(decimal(n)).toBe(String(n));
    for (let n = 1; n < 10_000_000; n += 997) if (decimal(n) !== String(n)) expect(decimal(n)).toBe(String(n));
  });

  it('fourDigits() pads 0..9999 to four digits', () => {
    for (let n = 0; n < 10_000; n++) if (fourDigits(n) !== String(n).padStart(4, '0')) expect(fourDigits(n)).toBe(String(n).padStart(4, '0'));
  });
});
