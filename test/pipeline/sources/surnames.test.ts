import { describe, expect, it } from 'vitest';
import { SourceReport } from '../../../pipeline/source-report.js';
import {
  APOSTROPHE_SURNAMES,
  restoreApostrophes,
  surnameWithApostrophe,
} from '../../../pipeline/sources/surnames/apostrophes.js';
import { SURNAMES_FILE } from '../../../pipeline/sources/surnames/extract.js';
import {
  RANK_ONE_SHARE,
  SURNAME_LIST_COVERAGE,
  fitSurnameModel,
  transformSurnames,
} from '../../../pipeline/sources/surnames/transform.js';
import { validateSurnames } from '../../../pipeline/sources/surnames/validate.js';

describe('surname model', () => {
  const anchor = Array.from({ length: 100 }, (_, i) => 1 / (i + 1));
  const names = Array.from({ length: 100_000 }, (_, i) => `N${String.fromCharCode(97 + (i % 26))}x`);
  const fit = fitSurnameModel(anchor, names.length);
  const surnames = transformSurnames(names, anchor, fit);

  it('follows the anchor curve in the head, scaled so rank 1 has its documented share', () => {
    expect(surnames[0].weight).toBeCloseTo(RANK_ONE_SHARE * 100_000, 3);
    expect(surnames[9].weight).toBeCloseTo((RANK_ONE_SHARE * 100_000) / 10, 3);
    expect(fit.headRanks).toBe(100);
  });

  it('makes the whole list cover the documented share, with a tail continuous at the head', () => {
    expect(surnames.reduce((a, s) => a + s.weight, 0)).toBeCloseTo(SURNAME_LIST_COVERAGE * 100_000, 0);
    expect(surnames[100].weight / surnames[99].weight).toBeCloseTo((101 / 100) ** -fit.tailExponent, 3);
    for (let i = 1; i < surnames.length; i++) expect(surnames[i].weight).toBeLessThanOrEqual(surnames[i - 1].weight);
    expect(fit.tailExponent).toBeGreaterThan(0);
  });

  it('title-cases and ranks the surnames', () => {
    const cased = transformSurnames(['SMITH', 'MCDONALD'], [2, 1], fitSurnameModel([2, 1], 2000));
    expect(cased.map((s) => [s.surname, s.rank])).toEqual([
      ['Smith', 1],
      ['McDonald', 2],
    ]);
  });

  it('refuses an anchor whose tail could not make up the coverage', () => {
    expect(() => fitSurnameModel(anchor, 200)).toThrow(/tail cannot cover/);
  });

  it('refuses an anchor that would cover more than the whole list', () => {
    expect(() =>
      fitSurnameModel(
        Array.from({ length: 100 }, () => 1),
        100,
      ),
    ).toThrow(/covers more than the whole list/);
  });

  it('drops a repeated surname and rejects malformed lines and rising anchor weights', () => {
    const raw = (list: string[], weights: string[]) => ({
      surnames: list.map((n, i) => ({ line: i + 1, fields: [n] })),
      anchor: weights.map((w, i) => ({ line: i + 2, fields: ['X', w] })),
    });
    const valid = validateSurnames(raw(['Smith', 'SMITH', 'Jones'], ['0.5', '0.4']));
    expect(valid.surnames).toEqual(['Smith', 'Jones']);
    expect(valid.reports[0].rejected).toEqual({ duplicate_surname: 1 });
    expect(() => validateSurnames(raw(['Sm1th'], ['0.5']))).toThrow(/surnames\.txt:1: surname must be letters/);
    expect(() => validateSurnames(raw(['Smith'], ['0.4', '0.5']))).toThrow(
      /top-surnames\.csv:3: weights must not increase/,
    );
  });
});

describe('surname apostrophes', () => {
  it("restores the O' and D' forms the 1990 list writes as letters only, and counts them", () => {
    const report = new SourceReport(SURNAMES_FILE);
    const restored = restoreApostrophes(['Smith', 'Obrien', 'Oconnor', 'Oneill', 'Dangelo', 'Odell', 'Darcy'], report);
    expect(restored).toEqual(['Smith', "O'Brien", "O'Connor", "O'Neill", "D'Angelo", 'Odell', 'Darcy']);
    expect(report.repaired).toEqual({ apostrophe_restored: 4 });
  });

  it('keeps the apostrophe through title-casing', () => {
    const fit = fitSurnameModel([3, 2, 1], 3000);
    expect(
      transformSurnames(
        restoreApostrophes(['OBRIEN', 'DSOUZA', 'OSHAUGHNESSY'], new SourceReport(SURNAMES_FILE)),
        [3, 2, 1],
        fit,
      ).map((s) => s.surname),
    ).toEqual(["O'Brien", "D'Souza", "O'Shaughnessy"]);
  });

  it('lists each name once, each with one apostrophe after its O or D', () => {
    expect(new Set(APOSTROPHE_SURNAMES.map((n) => n.toLowerCase())).size).toBe(APOSTROPHE_SURNAMES.length);
    for (const name of APOSTROPHE_SURNAMES) expect(name).toMatch(/^[OD]'[A-Z][a-z]+$/);
    expect(surnameWithApostrophe('Obrien')).toBe("O'Brien");
    expect(surnameWithApostrophe('Oberry')).toBe('Oberry');
  });
});
