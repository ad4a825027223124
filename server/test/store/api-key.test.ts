import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digestMatches, keyDigest, keyShape, mintKey, parseKey } from '../../src/store/api-key.js';

describe('API keys', () => {
  it('have the prefix, 24 secret base62 characters (>= 128 bits) and a checksum that parses back to the id', () => {
    const minted = mintKey('live');
    expect(minted.key).toMatch(/^uss_live_[0-9A-Za-z]{38}$/);
    expect(24 * Math.log2(62)).toBeGreaterThanOrEqual(128);
    expect(parseKey(minted.key)).toEqual({ id: minted.id, environment: 'live' });
    expect(digestMatches(minted.key, minted.digest)).toBe(true);
    expect(minted.digest).toEqual(keyDigest(minted.key));
    expect(new Set(Array.from({ length: 200 }, () => mintKey('test').key)).size).toBe(200);
  });

  it('any single-character typo is refused by the checksum', () => {
    const { key } = mintKey('live');
    fc.assert(
      fc.property(
        fc.integer({ min: 9, max: key.length - 1 }),
        fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'),
        (at, char) => {
          fc.pre(key[at] !== char);
          expect(parseKey(key.slice(0, at) + char + key.slice(at + 1))).toBeUndefined();
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('digests of other keys do not match', () => {
    const a = mintKey('live');
    const b = mintKey('live');
    expect(digestMatches(a.key, b.digest)).toBe(false);
    expect(digestMatches(a.key, new Uint8Array(3))).toBe(false);
  });

  it('keyShape accepts exactly the texts of the key shape, whatever their checksum', () => {
    const shape = /^uss_(live|test)_([0-9A-Za-z]{8})[0-9A-Za-z]{30}$/;
    const keyLike = fc
      .tuple(
        fc.constantFrom('uss_live_', 'uss_test_', 'uss_prod_', 'usx_live_', 'uss_live-', ''),
        fc.oneof(
          fc.string({ unit: fc.constantFrom(...'09AZaz'), minLength: 38, maxLength: 38 }),
          fc.string({ unit: fc.constantFrom(...'09AZaz_-é /:[`{'), minLength: 36, maxLength: 40 }),
        ),
      )
      .map(([prefix, rest]) => prefix + rest);
    fc.assert(
      fc.property(fc.oneof(keyLike, fc.string({ unit: 'binary', maxLength: 60 })), (text) => {
        const match = shape.exec(text);
        expect(keyShape(text)).toEqual(match ? { id: match[2], environment: match[1] } : undefined);
      }),
      { numRuns: 5000 },
    );
    const { key, id } = mintKey('test');
    expect(keyShape(key)).toEqual({ id, environment: 'test' });
  });
});
