import { describe, expect, it } from 'vitest';
import { countText } from '../src/cli.js';

describe('countText', () => {
  it('puts the noun in the singular for exactly 1, the plural otherwise', () => {
    expect([0, 1, 2, 1000].map((n) => countText(n, 'row'))).toEqual(['0 rows', '1 row', '2 rows', '1000 rows']);
    expect(countText(1, 'entry', 'entries')).toBe('1 entry');
    expect(countText(3, 'entry', 'entries')).toBe('3 entries');
    expect(`${countText(1, 'request')}/s`).toBe('1 request/s');
  });
});
