import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EmailMaker } from '../../src/generator/email.js';
import { createGenerator } from '../../src/index.js';
import { validSeeds } from '../fixtures/valid-seeds.js';

const keys = fc.array(fc.nat({ max: 0xffff_ffff }), { minLength: 4, maxLength: 4 }).map((words) => Uint32Array.from(words));
const seeds = validSeeds(20);

/** The number an e-mail's local part ends with. */
const numberOf = (email: string): number => Number(/(\d+)@/.exec(email)![1]);

describe('e-mail numbers', () => {
  it('are a permutation of each block of 10,000 indexes, for any stream key', () => {
    fc.assert(
      fc.property(keys, fc.nat({ max: 1_000_000 }), (key, block) => {
        const maker = new EmailMaker(key, undefined);
        const seen = new Uint8Array(10_000);
        let hits = 0;
        for (let within = 0; within < 10_000; within++) {
          const n = maker.numberOf(block * 10_000 + within) - block * 10_000;
          if (n >= 1 && n <= 10_000 && seen[n - 1] === 0) hits++;
          seen[n - 1] = 1;
        }
        expect(hits).toBe(10_000);
      }),
      { numRuns: 300 },
    );
  });

  it('never repeat within a stream, over many seeds and ranges that cross blocks', () => {
    fc.assert(
      fc.property(seeds, fc.nat({ max: 1e12 }), (seed, start) => {
        const numbers = createGenerator({ seed }).addresses({ start, count: 12_000 }).map((a) => numberOf(a.email));
        expect(new Set(numbers).size).toBe(numbers.length);
      }),
      { numRuns: 40 },
    );
  });

  it('keep seed 4 free of the duplicate the review found (records 976 and 4976)', () => {
    const emails = createGenerator({ seed: 4 }).addresses({ count: 5000 }).map((a) => a.email);
    expect(new Set(emails).size).toBe(5000);
  });
});
