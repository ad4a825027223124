import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aliasTable } from '../../src/data-index/alias-table.js';

/** The exact probability of each column under the draw the reader makes. */
function probabilities(weights: number[]): number[] {
  const { thresholds, aliases } = aliasTable(weights);
  const n = weights.length;
  const p = new Array<number>(n).fill(0);
  for (let j = 0; j < n; j++) {
    const keep = thresholds[j] / 2 ** 32;
    p[j] += keep / n;
    p[aliases[j]] += (1 - keep) / n;
  }
  return p;
}

describe('alias table', () => {
  it('reproduces any weights to within rounding of the 32-bit thresholds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 200 }).filter((w) => w.some((x) => x > 0)),
        (weights) => {
          const total = weights.reduce((a, b) => a + b, 0);
          const p = probabilities(weights);
          weights.forEach((w, i) => {
            expect(Math.abs(p[i] - w / total)).toBeLessThan(1e-8);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never draws a zero-weight item', () => {
    expect(probabilities([0, 5, 0, 5])).toEqual([0, 0.5, 0, 0.5]);
  });

  it('refuses empty, all-zero and negative weights', () => {
    expect(() => aliasTable([])).toThrow();
    expect(() => aliasTable([0, 0])).toThrow();
    expect(() => aliasTable([1, -1])).toThrow();
  });
});
