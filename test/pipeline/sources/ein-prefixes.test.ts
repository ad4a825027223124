import { describe, expect, it } from 'vitest';
import { validateEinPrefixes } from '../../../pipeline/sources/ein-prefixes/validate.js';

const rows = (pairs: [string, string][]) => pairs.map((fields, i) => ({ line: i + 2, fields }));

describe('EIN prefixes', () => {
  it('keeps both campuses of a shared prefix and drops exact repeats', () => {
    const { prefixes, report } = validateEinPrefixes(
      rows([
        ['46', 'internet'],
        ['46', 'philadelphia'],
        ['46', 'internet'],
      ]),
    );
    expect(prefixes).toEqual([
      { prefix: '46', campus: 'internet' },
      { prefix: '46', campus: 'philadelphia' },
    ]);
    expect(report.rejected).toEqual({ duplicate_row: 1 });
  });

  it('refuses a never-assigned prefix and a malformed one', () => {
    expect(() => validateEinPrefixes(rows([['07', 'andover']]))).toThrow(
      /ein-prefixes\.csv:2: prefix 07 was never assigned/,
    );
    expect(() => validateEinPrefixes(rows([['7', 'andover']]))).toThrow(
      /ein-prefixes\.csv:2: prefix must be two digits/,
    );
  });
});
