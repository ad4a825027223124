import { describe, expect, it } from 'vitest';
import {
  extractCensus2010,
  mergeSurnames,
  surnameGroupTables,
  validateCensus2010,
} from '../../../pipeline/sources/surnames/census-2010.js';
import { DATASETS_DIR } from '../../../pipeline/main.js';

const rows = extractCensus2010(DATASETS_DIR);

describe('the Census 2010 surname head (issue 25)', () => {
  it('is verified against the published figures', () => {
    const { surnames, report } = validateCensus2010(rows);
    expect(surnames).toHaveLength(1022);
    expect(surnames[0]).toMatchObject({ name: 'SMITH', count: 2_442_977, prop100k: 828.19 });
    expect(surnames.find((s) => s.name === 'NGUYEN')!.percent).toEqual([0.95, 0.12, 96.45, 0.03, 1.83, 0.63]);
    expect(report.toJSON()).toMatchObject({ rowsIn: 1022, rowsOut: 1022 });
  });

  it('refuses a copy whose figures differ from the Census', () => {
    const tampered = rows.map((r) =>
      r.fields[0] === 'GARCIA' ? { ...r, fields: [r.fields[0], r.fields[1], '1166121', ...r.fields.slice(3)] } : r,
    );
    expect(() => validateCensus2010(tampered)).toThrow(/GARCIA must have count 1166120/);
    const shifted = rows.map((r, i) =>
      i === 5
        ? { ...r, fields: [r.fields[0], r.fields[1], r.fields[2], r.fields[3], '9999', ...r.fields.slice(5)] }
        : r,
    );
    expect(() => validateCensus2010(shifted)).toThrow(/top-surnames\.csv:7: cum_prop100k 9999 is not the running sum/);
  });

  it('gives head names their 2010 share and spreads the rest over the tail, summing to 100,000 per 100,000', () => {
    const { surnames } = validateCensus2010(rows);
    const names = ['Smith', ...Array.from({ length: 90_000 }, (_, i) => `Tail${i}`)];
    const tail1990 = names.map((surname, i) => ({ surname, rank: i + 1, weight: 1000 / (i + 1) }));
    const merged = mergeSurnames(surnames, tail1990);
    expect(merged.surnames[0]).toEqual({ surname: 'Smith', rank: 1, weight: 828.19 });
    // Smith is in the head: the 1990 tail keeps the others in their order, below the head's last share and falling.
    expect(merged.surnames.slice(1022, 1025).map((s) => s.surname)).toEqual(['Tail0', 'Tail1', 'Tail2']);
    expect(merged.surnames).toHaveLength(1022 + 90_000);
    const tail = merged.surnames.slice(1022).map((s) => s.weight);
    expect(tail[0]).toBeLessThanOrEqual(11.57);
    expect(tail[1]).toBeLessThan(tail[0]);
    expect(() => mergeSurnames(surnames, tail1990.slice(0, 10))).toThrow(/cannot reach 100,000/);
    expect(merged.surnames.reduce((a, s) => a + s.weight, 0)).toBeCloseTo(100_000, 0);
    expect(merged.surnames.find((s) => s.surname === "O'Brien")).toBeDefined();
    expect(merged.surnames.find((s) => s.surname === 'McDonald')).toBeDefined();
  });
});

describe('the surname group tables (issue 25, item 1)', () => {
  const { surnames } = validateCensus2010(rows);
  // National shares of white, black, api, aian, two or more, hispanic (the 2020 figures, rounded).
  const national = [0.578, 0.121, 0.061, 0.007, 0.046, 0.187];
  const tables = surnameGroupTables(surnames, national);

  it('give each group 100,000 per 100,000: its head names and a positive tail', () => {
    expect(tables.map((t) => t.group)).toEqual(['white', 'black', 'api', 'aian', 'twoOrMore', 'hispanic']);
    for (const t of tables) {
      expect(t.heads).toHaveLength(1022);
      expect(t.tail).toBeGreaterThan(0);
      expect(t.heads.reduce((a, w) => a + w, 0) + t.tail).toBeCloseTo(100_000, 0);
    }
    // Nguyen is 96.45 % Asian or Pacific Islander: far commoner among that group than among everyone.
    const nguyen = surnames.findIndex((s) => s.name === 'NGUYEN');
    expect(tables[2].heads[nguyen]).toBeCloseTo((148.36 * 96.45) / 100 / 0.061, 1);
  });

  it('give back every head name its national share when a state has the national mix', () => {
    surnames.forEach((s, i) => {
      const mixed = tables.reduce((a, t, g) => a + national[g] * t.heads[i], 0);
      // The published percentages have two decimals, so a row sums to 100 within a few hundredths.
      expect(Math.abs(mixed - s.prop100k), s.name).toBeLessThan(0.01 + s.prop100k * 5e-4);
    });
  });

  it('spread a suppressed cell over what the known ones leave of 100', () => {
    const row = { name: 'TESTNAME', rank: 1, count: 1000, prop100k: 10, percent: [90, null, 5, null, 1, 2] };
    const [white, black, , aian] = surnameGroupTables([row], national).map((t) => t.heads[0]);
    expect(white).toBeCloseTo((10 * 0.9) / 0.578, 3);
    expect(black).toBeCloseTo((10 * 0.01) / 0.121, 3);
    expect(aian).toBeCloseTo((10 * 0.01) / 0.007, 3);
  });

  it('refuse a head that carries more than a whole group', () => {
    expect(() => surnameGroupTables(surnames, [0.578, 0.121, 0.001, 0.007, 0.046, 0.187])).toThrow(
      /more than all of the api group/,
    );
  });
});
