import { describe, expect, it } from 'vitest';
import type { DelimitedRow } from '../../../pipeline/extract/read-delimited.js';
import { SIMPLEMAPS_COLUMNS } from '../../../pipeline/sources/simplemaps/extract.js';
import { transformSimplemaps } from '../../../pipeline/sources/simplemaps/transform.js';
import { validateSimplemaps } from '../../../pipeline/sources/simplemaps/validate.js';

const STATES = new Set(['NY', 'PR', 'ID']);
const row = (line: number, values: Partial<Record<(typeof SIMPLEMAPS_COLUMNS)[number], string>>): DelimitedRow => {
  const base: Record<string, string> = {
    zip: '10001',
    lat: '40.75',
    lng: '-73.99',
    city: 'New York',
    state_id: 'NY',
    state_name: 'New York',
    zcta: 'TRUE',
    parent_zcta: '',
    population: '27613',
    density: '1',
    county_fips: '36061',
    county_name: 'New York',
    county_weights: '{}',
    county_names_all: 'New York',
    county_fips_all: '36061',
    imprecise: 'FALSE',
    military: 'FALSE',
    timezone: 'America/New_York',
    ...values,
  };
  return { line, fields: SIMPLEMAPS_COLUMNS.map((c) => base[c]) };
};

describe('SimpleMaps validation', () => {
  it('keeps the joined fields and reads blank population and density as null', () => {
    const { zips } = validateSimplemaps(
      [
        row(2, {}),
        row(3, { zip: '00601', state_id: 'PR', city: 'Adjuntas', population: '', density: '', county_fips: '72001' }),
      ],
      STATES,
    );
    expect(zips[0]).toEqual({
      zip: '10001',
      city: 'New York',
      state: 'NY',
      county: 'New York',
      countyFips: '36061',
      timezone: 'America/New_York',
      lat: 40.75,
      lon: -73.99,
      population: 27613,
      density: 1,
    });
    expect(zips[1].population).toBeNull();
    expect(zips[1].density).toBeNull();
  });

  it.each([
    [{ zip: '1001' }, /uszips\.csv:5: ZIP must be five digits/],
    [{ state_id: 'ZZ' }, /uszips\.csv:5: unknown state "ZZ"/],
    [{ population: '12.5' }, /uszips\.csv:5: population must be a whole number/],
    [{ county_fips: '1001' }, /uszips\.csv:5: county_fips must be five digits/],
    [{ density: '-3' }, /uszips\.csv:5: density must be a non-negative number/],
    [{ lat: 'north' }, /uszips\.csv:5: ZIP 10001 has no valid coordinates/],
    [{ city: ' ' }, /uszips\.csv:5: ZIP 10001 has no city/],
  ])('fails on a malformed row %o, naming file and line', (values, message) => {
    expect(() => validateSimplemaps([row(5, values)], STATES)).toThrow(message);
  });

  it('drops and counts a repeated ZIP', () => {
    const { zips, report } = validateSimplemaps([row(2, {}), row(3, {})], STATES);
    expect(zips).toHaveLength(1);
    expect(report.toJSON()).toMatchObject({ rowsIn: 2, rowsOut: 1, rejected: { duplicate_zip: 1 } });
  });

  it('applies the Mc repair so joined names agree with GeoNames', () => {
    const { zips, report } = validateSimplemaps([row(2, { zip: '83638', state_id: 'ID', city: 'Mccall' })], STATES);
    expect(transformSimplemaps(zips, report).get('83638')!.city).toBe('McCall');
    expect(report.repaired).toEqual({ mc_capitalised: 1 });
  });
});
