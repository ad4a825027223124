import { describe, expect, it } from 'vitest';
import { decimal, fourDigits, NumberThen, paddedDigits } from '../src/digits.js';

describe('digit strings', () => {
  it('decimal() is String() for every integer up to 200,000, around each table boundary and beyond', () => {
    for (let n = 0; n < 200_000; n++) if (decimal(n) !== String(n)) expect(decimal(n)).toBe(String(n));
    for (const n of [
      999_999, 1_000_000, 1_000_001, 5_050_505, 9_999_999, 10_000_000, 10_000_001, 9_007_199_254_740_991,
    ])
      expect(decimal(n)).toBe(String(n));
    for (let n = 1; n < 10_000_000; n += 997) if (decimal(n) !== String(n)) expect(decimal(n)).toBe(String(n));
  });

  it('fourDigits() pads 0..9999 to four digits', () => {
    for (let n = 0; n < 10_000; n++)
      if (fourDigits(n) !== String(n).padStart(4, '0')) expect(fourDigits(n)).toBe(String(n).padStart(4, '0'));
  });

  it('NumberThen.text(n) is String(n) + its text up to nine digits (e-mail numbers), around each boundary and beyond', () => {
    const at = new NumberThen('@example.com');
    const want = (n: number): string => String(n) + '@example.com';
    for (let n = 0; n < 200_000; n++) if (at.text(n) !== want(n)) expect(at.text(n)).toBe(want(n));
    for (let n = 1; n < 2_000_000_000; n += 99_991) if (at.text(n) !== want(n)) expect(at.text(n)).toBe(want(n));
    for (const n of [
      9_999_999, 10_000_000, 10_000_001, 10_000_100, 99_999_999, 100_000_000, 100_000_099, 999_999_999, 1_000_000_000,
      9_007_199_254_740_991,
    ])
      expect(at.text(n)).toBe(want(n));
  });

  it("paddedDigits(n, width) is String(n) padded to width for widths 1..15, at each width's ends and across it", () => {
    const want = (n: number, width: number): string => String(n).padStart(width, '0');
    for (let width = 1; width <= 15; width++) {
      const top = 10 ** width - 1;
      const step = Math.max(1, Math.floor(top / 20_011));
      for (let n = 0; n <= top; n += step)
        if (paddedDigits(n, width) !== want(n, width)) expect(paddedDigits(n, width)).toBe(want(n, width));
      for (const n of [0, 1, 9, top - 1, top]) expect(paddedDigits(n, width)).toBe(want(n, width));
    }
    expect(paddedDigits(42, 6)).toBe('000042');
  });
});
