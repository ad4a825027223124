import luhn from 'luhn';
import { describe, expect, it } from 'vitest';
import { luhnCheckDigit, luhnSum } from '../../src/identifiers/luhn.js';

describe('luhnCheckDigit', () => {
  it("gives the check digit of the standard example, 7992739871 -> 3, and of the processors' test cards", () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnCheckDigit('424242424242424')).toBe(2);
    expect(luhnCheckDigit('37828224631000')).toBe(5);
  });

  it('makes every payload of 1 to 19 digits pass the luhn package', () => {
    let seed = 7;
    for (let n = 0; n < 20_000; n++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const payload = String(seed)
        .repeat(3)
        .slice(0, 1 + (n % 19));
      expect(luhn.validate(payload + luhnCheckDigit(payload))).toBe(true);
    }
  });
});

describe('luhnSum', () => {
  it('gives the check digit luhnCheckDigit gives for the same digits, 1 to 8 of them (9 with the appended 0), odd and even counts', () => {
    let seed = 11;
    for (let n = 0; n < 20_000; n++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const count = 1 + (n % 8);
      const value = seed % 10 ** count;
      const digits = String(value).padStart(count, '0');
      expect((10 - (luhnSum(value, count, true) % 10)) % 10).toBe(luhnCheckDigit(digits));
      // Not doubling the rightmost digit: the sum of the digits followed by one more digit, 0, as a payload.
      expect((10 - (luhnSum(value * 10, count + 1, true) % 10)) % 10).toBe(luhnCheckDigit(digits + '0'));
      expect(luhnSum(value, count, false)).toBe(luhnSum(value * 10, count + 1, true));
    }
  });
});
