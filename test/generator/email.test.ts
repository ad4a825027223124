import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EmailMaker } from '../../src/generator/email.js';
import { createGenerator } from '../../src/index.js';
import { validSeeds } from '../fixtures/valid-seeds.js';

const keys = fc
  .array(fc.nat({ max: 0xffff_ffff }), { minLength: 4, maxLength: 4 })
  .map((words) => Uint32Array.from(words));
const seeds = validSeeds(20);

/** The number an e-mail's local part ends with. */
const numberOf = (email: string): number => Number(/(\d+)@/.exec(email)![1]);

describe('e-mail numbers', () => {
  it('are a permutation of each block across the streams of a seed, for any stream key', () => {
    fc.assert(
      fc.property(keys, fc.nat({ max: 1_000_000 }), fc.integer({ min: 1, max: 60 }), (key, block, streams) => {
        const maker = new EmailMaker(key, undefined, streams);
        const span = 1000 * streams;
        const seen = new Uint8Array(span);
        let hits = 0;
        for (let stream = 0; stream < streams; stream++) {
          for (let within = 0; within < 1000; within++) {
            const n = maker.numberOf(block * 1000 + within, stream) - block * span;
            if (n >= 1 && n <= span && seen[n - 1] === 0) hits++;
            seen[n - 1] = 1;
          }
        }
        expect(hits).toBe(span);
      }),
      { numRuns: 100 },
    );
  });

  it('are unique across the state streams of one seed (issue 25: CA and TX shared addresses)', () => {
    const gen = createGenerator({ seed: 42 });
    const numbers = ['CA', 'TX', 'NY'].flatMap((state) =>
      gen.addresses({ state, count: 20_000 }).map((a) => numberOf(a.email)),
    );
    numbers.push(...gen.addresses({ count: 20_000 }).map((a) => numberOf(a.email)));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('show no relation between neighbouring records (issue 25: a constant step, and record 10,000 + k repeating k)', () => {
    const numbers = createGenerator({ seed: 42 })
      .addresses({ count: 20_000 })
      .map((a) => numberOf(a.email));
    const steps = new Map<number, number>();
    for (let i = 1; i < numbers.length; i++) {
      const step = (numbers[i] - numbers[i - 1] + 1_000_000) % 10_000;
      steps.set(step, (steps.get(step) ?? 0) + 1);
    }
    // 10,000 possible steps: a random sequence repeats its commonest one a handful of times, never in most records.
    expect(Math.max(...steps.values())).toBeLessThan(20);
    let echoes = 0;
    for (let k = 0; k < 10_000; k++) if (numbers[10_000 + k] % 10_000 === numbers[k] % 10_000) echoes++;
    expect(echoes).toBeLessThan(20);
  });

  it('are exact past 2^53', () => {
    const maker = new EmailMaker(Uint32Array.from([1, 2, 3, 4]), undefined, 60);
    const random = { nextUint32: () => 0, below: () => 0 };
    const email = maker.make('a', 'b', Number.MAX_SAFE_INTEGER, 3, random);
    expect(email).toMatch(/^a\.b\d{18}@example\.com$/);
    expect(BigInt(/(\d+)@/.exec(email)![1]) / 60_000n).toBe(BigInt(Math.floor(Number.MAX_SAFE_INTEGER / 1000)));
  });

  it('never repeat within a stream, over many seeds and ranges that cross blocks', () => {
    fc.assert(
      fc.property(seeds, fc.nat({ max: 1e12 }), (seed, start) => {
        const numbers = createGenerator({ seed })
          .addresses({ start, count: 12_000 })
          .map((a) => numberOf(a.email));
        expect(new Set(numbers).size).toBe(numbers.length);
      }),
      { numRuns: 40 },
    );
  });

  it('keep seed 4 free of the duplicate the review found (records 976 and 4976)', () => {
    const emails = createGenerator({ seed: 4 })
      .addresses({ count: 5000 })
      .map((a) => a.email);
    expect(new Set(emails).size).toBe(5000);
  });
});
