import { describe, expect, it } from 'vitest';
import type { StreetFormRecord, ZipRecord } from '../../../pipeline/model.js';
import { densityPoints, unitShareAt, zipUnitShares } from '../../../pipeline/transform/unit-shares.js';

const points: [number, number][] = [
  [0, 0.05],
  [100, 0.1],
  [10_000, 0.7],
];

describe('unit share by density', () => {
  it('is linear in density up to the first point, then in log density, and flat after the last', () => {
    expect(unitShareAt(0, points)).toBe(0.05);
    expect(unitShareAt(50, points)).toBeCloseTo(0.075);
    expect(unitShareAt(100, points)).toBeCloseTo(0.1);
    expect(unitShareAt(1000, points)).toBeCloseTo(0.4);
    expect(unitShareAt(10_000, points)).toBe(0.7);
    expect(unitShareAt(90_000, points)).toBe(0.7);
  });

  it('gives residential ZIPs their share, and ZIPs without a density the share at 0', () => {
    const forms: StreetFormRecord[] = points.map(([density, weight]) => ({
      part: 'unit_density',
      value: String(density),
      weight,
    }));
    forms.push({ part: 'unit_factor', value: 'CT', weight: 0.2 });
    expect(densityPoints(forms)).toEqual(points);
    const zip = (code: string, density: number | null): ZipRecord => ({
      zip: code,
      city: 'X',
      state: 'NY',
      county: null,
      countyFips: null,
      timezone: null,
      lat: 1,
      lon: 1,
      population: 1,
      density,
      type: 'standard',
    });
    const zips = [zip('00001', 1000), zip('00002', null), zip('00003', 5)];
    expect(
      zipUnitShares(
        zips,
        new Map([
          ['00001', 1],
          ['00002', 1],
        ]),
        forms,
      ),
    ).toEqual([
      { zip: '00001', unitShare: 0.4 },
      { zip: '00002', unitShare: 0.05 },
    ]);
  });
});
