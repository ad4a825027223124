import { describe, expect, it } from 'vitest';
import { extractCensus2010, mergeSurnames, validateCensus2010 } from '../../../pipeline/sources/surnames/census-2010.js';
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
    const tampered = rows.map((r) => (r.fields[0] === 'GARCIA' ? { ...r, fields: [r.fields[0], r.fields[1], '1166121', ...r.fields.slice(3)] } : r));
    expect(() => validateCensus2010(tampered)).toThrow(/GARCIA must have count 1166120/);
    const shifted = rows.map((r, i) => (i === 5 ? { ...r, fields: [r.fields[0], r.fields[1], r.fields[2], r.fields[3], '9999', ...r.fields.slice(5)] } : r));
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
