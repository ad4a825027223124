import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SEED_LENGTH, SEED_PATTERN, seedText } from '../../src/random/seed-rule.js';

describe('the seed rule', () => {
  it('takes printable ASCII with inner spaces, up to the length, and finite numbers as their String()', () => {
    for (const seed of [
      '42',
      'hello world',
      'a',
      '~!@#$%^&*()_+{}|:"<>?`-=[]\\;\',./',
      'x'.repeat(MAX_SEED_LENGTH),
      'a  b',
    ])
      expect(seedText(seed)).toBe(seed);
    expect(seedText(42)).toBe('42');
    expect(seedText(-0.5)).toBe('-0.5');
  });

  it('refuses empty, too long, space at either end, control and non-ASCII characters, and non-finite numbers', () => {
    for (const seed of [
      '',
      ' ',
      ' a',
      'a ',
      'x'.repeat(MAX_SEED_LENGTH + 1),
      'a\tb',
      'a\nb',
      'café',
      '😀',
      '\u007f',
      '\u0000',
    ])
      expect(seedText(seed), JSON.stringify(seed)).toBeUndefined();
    for (const seed of [Number.NaN, Number.POSITIVE_INFINITY, null, undefined, {}, true])
      expect(seedText(seed)).toBeUndefined();
  });

  it('the pattern (as JSON Schema uses it) and the function agree on any string', () => {
    const pattern = new RegExp(SEED_PATTERN);
    fc.assert(
      fc.property(
        fc.string({ maxLength: MAX_SEED_LENGTH + 2, unit: fc.constantFrom(' ', 'a', '~', '\t', 'é', '!') }),
        (text) => {
          expect(pattern.test(text)).toBe(seedText(text) === text);
        },
      ),
    );
  });
});
