import { describe, expect, it } from 'vitest';
import { DATASETS_DIR } from '../../../pipeline/main.js';
import { extractP2, stateGroupShares, validateP2 } from '../../../pipeline/sources/race-by-state/census-2020-p2.js';
import { SURNAME_GROUPS } from '../../../pipeline/sources/surnames/census-2010.js';
import { transformStates } from '../../../pipeline/sources/states/transform.js';
import { extractStates } from '../../../pipeline/sources/states/extract.js';
import { validateStates } from '../../../pipeline/sources/states/validate.js';

const rows = extractP2(DATASETS_DIR);
const hispanic = SURNAME_GROUPS.indexOf('hispanic');
const api = SURNAME_GROUPS.indexOf('api');

describe('Census 2020 table P2 by state (issue 25)', () => {
  it('holds 50 states, DC and Puerto Rico with the published figures', () => {
    const { states, report } = validateP2(rows);
    expect(states).toHaveLength(52);
    expect(report.toJSON()).toMatchObject({ rowsIn: 52, rowsOut: 52 });
    const byName = new Map(states.map((s) => [s.name, s]));
    const pct = (name: string, g: number) =>
      Math.round((byName.get(name)!.groups[g] / byName.get(name)!.total) * 1000) / 10;
    expect(byName.get('Texas')).toMatchObject({ fips: '48', total: 29_145_505 });
    expect(pct('Texas', hispanic)).toBe(39.3);
    expect(pct('California', hispanic)).toBe(39.4);
    expect(pct('New Mexico', hispanic)).toBe(47.7);
    expect(pct('North Dakota', hispanic)).toBe(4.3);
    // Not Hispanic Asian and Pacific Islander (the surname file's group): Asian alone 36.5 % + NHPI alone 10.2 %.
    expect(pct('Hawaii', api)).toBeGreaterThan(46);
    expect(pct('Puerto Rico', hispanic)).toBe(98.9);
  });

  it('refuses a copy whose cells do not add up or whose figures differ from the Census', () => {
    const broken = rows.map((r) =>
      r.fields[0] === '50'
        ? { ...r, fields: [...r.fields.slice(0, 3), String(Number(r.fields[3]) + 1), ...r.fields.slice(4)] }
        : r,
    );
    expect(() => validateP2(broken)).toThrow(/p2-states\.tsv:\d+: Vermont: the cells do not sum to the total/);
    expect(() => validateP2(rows.slice(1))).toThrow(/expected 52 rows/);
    const texas = rows.map((r) =>
      r.fields[0] === '48'
        ? {
            ...r,
            fields: [r.fields[0], r.fields[1], '29145506', String(Number(r.fields[3]) + 1), ...r.fields.slice(4)],
          }
        : r,
    );
    expect(() => validateP2(texas)).toThrow(/Texas must have 29145505 people/);
  });

  it('gives each state its own shares, and the national ones where P2 has none (military codes, Guam)', () => {
    const states = transformStates(validateStates(extractStates(DATASETS_DIR)));
    const { national, states: shares } = stateGroupShares(validateP2(rows).states, states);
    expect(shares.map((s) => s.state)).toEqual(states.map((s) => s.code).sort());
    for (const s of shares) expect(s.shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    expect(national[hispanic]).toBeCloseTo(0.187, 3);
    const of = (code: string) => shares.find((s) => s.state === code)!;
    expect(of('TX')).toMatchObject({ source: 'census-2020' });
    expect(of('TX').shares[hispanic]).toBeCloseTo(0.393, 3);
    expect(of('AE')).toEqual({ state: 'AE', shares: national, source: 'national' });
    expect(of('GU').source).toBe('national');
  });
});
