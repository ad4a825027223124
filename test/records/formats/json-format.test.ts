import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonFormat } from '../../../src/records/formats/json-format.js';
import { splitRender, text2Records } from './format-fixtures.js';

const layout = { columns: ['a', 'b'], table: 't' };

describe('jsonFormat', () => {
  it('an array is one JSON document equal to the records, whatever the chunking', () => {
    fc.assert(
      fc.property(text2Records, fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1 }), (records, cuts) => {
        const text = splitRender(jsonFormat({ ...layout, jsonShape: 'array' }), records, cuts);
        expect(JSON.parse(text)).toEqual(records);
      }),
    );
  });

  it('a batch is {"count":N,"addresses":[...]} with count equal to the length', () => {
    fc.assert(
      fc.property(text2Records, fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1 }), (records, cuts) => {
        const text = splitRender(jsonFormat({ ...layout, jsonShape: 'batch' }), records, cuts);
        expect(JSON.parse(text)).toEqual({ count: records.length, addresses: records });
      }),
    );
  });

  it('an object is the one record, one line', () => {
    const format = jsonFormat({ ...layout, jsonShape: 'object' });
    expect(format.head(1) + format.body([{ a: 'x', b: 'y' }], 0, 1) + format.tail(1)).toBe('{"a":"x","b":"y"}\n');
  });

  it('puts one record per line in arrays', () => {
    const format = jsonFormat({ ...layout, jsonShape: 'array' });
    const records = [
      { a: '1', b: '2' },
      { a: '3', b: '4' },
    ];
    expect(format.head(2) + format.body(records, 0, 2) + format.tail(2)).toBe(
      '[\n{"a":"1","b":"2"},\n{"a":"3","b":"4"}\n]\n',
    );
  });
});
