import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonText } from '../../../src/records/formats/json-text.js';

describe('jsonText', () => {
  it('is byte-identical to JSON.stringify for any string, lone surrogates included', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.string({ unit: 'grapheme' }),
          fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
        ),
        (text) => {
          expect(jsonText(text)).toBe(JSON.stringify(text));
          expect(JSON.parse(jsonText(text))).toBe(text);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('escapes the characters JSON requires', () => {
    expect(jsonText('a"b\\c\nd\u0001\ud800')).toBe('"a\\"b\\\\c\\nd\\u0001\\ud800"');
    expect(jsonText('José Ñúñez')).toBe('"José Ñúñez"');
  });
});
