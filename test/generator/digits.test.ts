import { describe, expect, it } from 'vitest';
import { decimal, fourDigits } from '../../src/generator/digits.js';

describe('digit strings', () => {
  it('decimal() is String() for every integer up to 200,000 and beyond', () => {
    for (let n = 0; n < 200_000; n++) if (decimal(n) !== String(n)) expect(decimal(n)).toBe(String(n));
    expect(decimal(9_007_199_254_740_991)).toBe('9007199254740991');
  });

  it('fourDigits() pads 0..9999 to four digits', () => {
    for (let n = 0; n < 10_000; n++) if (fourDigits(n) !== String(n).padStart(4, '0')) expect(fourDigits(n)).toBe(String(n).padStart(4, '0'));
  });
});
