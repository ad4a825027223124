import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { constantTimeEqual } from '../../src/crypto/constant-time-equal.js';

describe('constantTimeEqual', () => {
  it('is string equality, for equal and unequal lengths', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        expect(constantTimeEqual(a, b)).toBe(a === b);
        expect(constantTimeEqual(a, a)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('tells apart strings that differ only in a lone surrogate (which UTF-8 would turn into the same U+FFFD)', () => {
    expect(constantTimeEqual('a\uD800b', 'a\uD801b')).toBe(false);
    expect(constantTimeEqual('\uDC00', '\uFFFD')).toBe(false);
    expect(constantTimeEqual('a\uD800b', 'a\uD800b')).toBe(true);
  });

  it('tells apart keys that differ in one character anywhere', () => {
    const key = 'uss_live_Ab3dE6gHkLmNoPqRsTuVwXyZ0123456789abcd';
    for (let i = 0; i < key.length; i++) {
      const changed = key.slice(0, i) + (key[i] === 'x' ? 'y' : 'x') + key.slice(i + 1);
      expect(constantTimeEqual(key, changed)).toBe(false);
    }
  });
});
