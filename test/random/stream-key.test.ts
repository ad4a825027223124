import fc from 'fast-check';
import alea from 'seedrandom/lib/alea.js';
import { describe, expect, it } from 'vitest';
import { randomSeed } from '../../src/random/random-seed.js';
import { streamKey } from '../../src/random/stream-key.js';

// The definition the inline arithmetic must reproduce word for word.
function seedrandomKey(seed: string): number[] {
  const prng = alea(`ussynth:${seed}`);
  return Array.from(Uint32Array.of(prng.int32(), prng.int32(), prng.int32(), prng.int32()));
}

describe('streamKey', () => {
  it('gives the words of seedrandom Alea for any seed text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 256, unit: 'binary' }), (seed) => {
        expect(Array.from(streamKey(seed))).toEqual(seedrandomKey(seed));
      }),
      { numRuns: 5000 },
    );
  });

  it('gives the words of seedrandom Alea for the seeds the API picks and for edge texts', () => {
    const seeds = [
      ...Array.from({ length: 2000 }, () => randomSeed()),
      '0',
      '42',
      '9007199254740991',
      ' ',
      'ussynth:',
      '\u0000',
      '\uffff',
      '😀'.repeat(64),
      'x'.repeat(256),
    ];
    for (const seed of seeds) expect(Array.from(streamKey(seed)), seed).toEqual(seedrandomKey(seed));
  });

  it('gives different keys for neighbouring seeds', () => {
    const keys = new Set(Array.from({ length: 10_000 }, (_, i) => streamKey(String(i)).join(',')));
    expect(keys.size).toBe(10_000);
  });
});
