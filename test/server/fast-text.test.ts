import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { integerText, jsonString } from '../../src/server/fast-text.js';

describe('jsonString', () => {
  it('is JSON.stringify for any string, including controls, quotes, backslashes and lone surrogates', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.string()), (text) => {
        expect(jsonString(text)).toBe(JSON.stringify(text));
      }),
      { numRuns: 5000 },
    );
    for (const text of ['', '"', '\\', '\u0000', '\u001f', '\u007f', '\u2028', '\ud800', '\udc00x', '😀', '/v1/ein?seed=a"b']) expect(jsonString(text)).toBe(JSON.stringify(text));
  });
});

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
