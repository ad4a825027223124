import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvRow, tsvRow } from '../../../pipeline/vendor/csv-field.js';

describe('csvRow (vendored CSV files)', () => {
  it('quotes as RFC 4180 asks, with no line end of its own, and csv-parse reads it back', () => {
    const rows = [
      ['name', 'note'],
      ['Smith', 'plain'],
      ['O"Neil, Jr', 'two\nlines'],
      ['cr', 'a\rb'],
    ];
    const lines = rows.map(csvRow);
    expect(lines[2]).toBe('"O""Neil, Jr","two\nlines"');
    expect(lines.every((line) => !line.endsWith('\n'))).toBe(true);
    expect(parse(lines.join('\n') + '\n')).toEqual(rows);
  });
});

describe('tsvRow', () => {
  it('joins with tabs and refuses a value with a tab or line break', () => {
    expect(tsvRow(['a', 'b c'])).toBe('a\tb c');
    expect(() => tsvRow(['a\tb'])).toThrow(/tab or line break/);
    expect(() => tsvRow(['a\nb'])).toThrow(/tab or line break/);
  });
});
