import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonString } from '../src/fast-text.js';

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
