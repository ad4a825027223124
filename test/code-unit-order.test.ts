import { describe, expect, it } from 'vitest';
import { byCodeUnit } from '../src/code-unit-order.js';
import { byCodeUnit as exported } from '../src/index.js';

describe('byCodeUnit', () => {
  it('sorts by UTF-16 code units: upper case before lower, digits first, no locale', () => {
    expect(['b', 'B', 'a', '10', '9', 'é', 'e'].sort(byCodeUnit)).toEqual(['10', '9', 'B', 'a', 'b', 'e', 'é']);
  });

  it('compares code units, not code points: a surrogate pair sorts before U+FF61', () => {
    // U+1F600 is the pair D83D DE00; D83D < FF61, though the code point 1F600 > FF61.
    expect(['\uFF61', '\u{1F600}'].sort(byCodeUnit)).toEqual(['\u{1F600}', '\uFF61']);
  });

  it('is a total order: 0 only for equal strings, antisymmetric otherwise', () => {
    expect(byCodeUnit('same', 'same')).toBe(0);
    expect(byCodeUnit('a', 'ab')).toBe(-1);
    expect(byCodeUnit('ab', 'a')).toBe(1);
  });

  it('is the comparator the package exports', () => {
    expect(exported).toBe(byCodeUnit);
  });
});
