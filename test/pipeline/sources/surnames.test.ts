import { describe, expect, it } from 'vitest';
import { SURNAME_LIST_COVERAGE, fitSurnameModel, transformSurnames } from '../../../pipeline/sources/surnames/transform.js';
import { validateSurnames } from '../../../pipeline/sources/surnames/validate.js';

describe('surname model', () => {
  it('recovers the parameters of an exact Zipf-Mandelbrot curve', () => {
    const anchor = Array.from({ length: 1000 }, (_, i) => (i + 1 + 2.5) ** -0.9);
    const fit = fitSurnameModel(anchor);
    expect(fit.q).toBe(2.5);
    expect(fit.s).toBeCloseTo(0.9, 6);
    expect(fit.r2).toBeCloseTo(1, 6);
  });

  it('weights fall with rank and add up to the coverage of the list', () => {
    const surnames = transformSurnames(['SMITH', 'JOHNSON', 'MCDONALD'], { s: 1, q: 0, r2: 1, maxRelativeError: 0 });
    expect(surnames.map((s) => s.surname)).toEqual(['Smith', 'Johnson', 'McDonald']);
    expect(surnames.map((s) => s.rank)).toEqual([1, 2, 3]);
    expect(surnames[0].weight).toBeGreaterThan(surnames[1].weight);
    expect(surnames.reduce((a, s) => a + s.weight, 0)).toBeCloseTo(SURNAME_LIST_COVERAGE * 100_000, 2);
  });

  it('drops a repeated surname and rejects malformed lines and rising anchor weights', () => {
    const raw = (names: string[], weights: string[]) => ({
      surnames: names.map((n, i) => ({ line: i + 1, fields: [n] })),
      anchor: weights.map((w, i) => ({ line: i + 2, fields: ['X', w] })),
    });
    const valid = validateSurnames(raw(['Smith', 'SMITH', 'Jones'], ['0.5', '0.4']));
    expect(valid.surnames).toEqual(['Smith', 'Jones']);
    expect(valid.reports[0].rejected).toEqual({ duplicate_surname: 1 });
    expect(() => validateSurnames(raw(['Sm1th'], ['0.5']))).toThrow(/surnames\.txt:1: surname must be letters/);
    expect(() => validateSurnames(raw(['Smith'], ['0.4', '0.5']))).toThrow(/top-surnames\.csv:3: weights must not increase/);
  });
});
