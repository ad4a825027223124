import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonObjectWriter, ndjsonFormat } from '../../../src/records/formats/ndjson-format.js';
import { text2Records, splitRender } from './format-fixtures.js';

const COLUMNS = ['a', 'b'];

describe('ndjsonFormat', () => {
  it('writes one JSON object per line that JSON.parse reads back, whatever the chunking', () => {
    fc.assert(
      fc.property(text2Records, fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1 }), (records, cuts) => {
        const format = ndjsonFormat({ columns: COLUMNS, table: 't', jsonShape: 'array' });
        const whole =
          format.head(records.length) + format.body(records, 0, records.length) + format.tail(records.length);
        expect(splitRender(format, records, cuts)).toBe(whole);
        const lines = whole === '' ? [] : whole.slice(0, -1).split('\n');
        expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(records);
      }),
    );
  });

  it('keeps the layout order even when a record has its keys in another order or extra keys', () => {
    const object = jsonObjectWriter(COLUMNS);
    expect(object({ a: '1', b: '2' })).toBe('{"a":"1","b":"2"}');
    expect(object({ b: '2', a: '1' })).toBe('{"a":"1","b":"2"}');
    expect(object({ a: '1', b: '2', c: '3' })).toBe('{"a":"1","b":"2"}');
  });
});
