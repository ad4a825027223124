import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digestMatches, keyDigest, mintKey, parseKey } from '../../src/store/api-key.js';

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
      fc.property(fc.integer({ min: 9, max: key.length - 1 }), fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'), (at, char) => {
        fc.pre(key[at] !== char);
        expect(parseKey(key.slice(0, at) + char + key.slice(at + 1))).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });

  it('digests of other keys do not match', () => {
    const a = mintKey('live');
    const b = mintKey('live');
    expect(digestMatches(a.key, b.digest)).toBe(false);
    expect(digestMatches(a.key, new Uint8Array(3))).toBe(false);
  });
});
