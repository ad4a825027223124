import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvFormat } from '../../../src/records/formats/csv-format.js';
import { splitRender, text2Records } from './format-fixtures.js';

describe('csvFormat', () => {
  it('csv-parse reads back the same records, whatever the chunking', () => {
    fc.assert(
      fc.property(text2Records, fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1 }), (records, cuts) => {
        const text = splitRender(csvFormat({ columns: ['a', 'b'], table: 't', jsonShape: 'array' }), records, cuts);
        expect(parse(text, { columns: true })).toEqual(records);
      }),
      { numRuns: 500 },
    );
  });

  it('quotes only fields that need it', () => {
    expect(csvField('4821 N Oak St')).toBe('4821 N Oak St');
    expect(csvField('Apt 4, Rear')).toBe('"Apt 4, Rear"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvField('')).toBe('');
  });
});
