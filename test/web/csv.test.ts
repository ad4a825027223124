import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '../../web/src/csv.js';

describe('toCsv', () => {
  it('writes a header of the keys and CRLF lines, quoting only where needed', () => {
    expect(toCsv(['zip', 'city'], [{ zip: '10001', city: 'New York' }, { zip: '00501', city: 'Holtsville, "NY"' }])).toBe(
      'zip,city\r\n10001,New York\r\n00501,"Holtsville, ""NY"""\r\n',
    );
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('+1 212-555-0100')).toBe('+1 212-555-0100');
  });

  it('round-trips any text through a standard CSV parser', () => {
    const key = fc.constantFrom('a', 'b', 'c');
    fc.assert(
      fc.property(fc.array(fc.record({ a: fc.string(), b: fc.string(), c: fc.string() }), { minLength: 1, maxLength: 20 }), fc.uniqueArray(key, { minLength: 1 }), (records, columns) => {
        const projected = records.map((r) => Object.fromEntries(columns.map((c) => [c, r[c]])));
        expect(parse(toCsv(columns, records), { columns: true, relax_column_count: false })).toEqual(projected);
      }),
    );
  });
});
