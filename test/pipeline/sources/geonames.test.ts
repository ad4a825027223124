import { describe, expect, it } from 'vitest';
import type { DelimitedRow } from '../../../pipeline/extract/read-delimited.js';
import { SourceError } from '../../../pipeline/source-error.js';
import { militaryCity, transformGeonames } from '../../../pipeline/sources/geonames/transform.js';
import { mcCapital } from '../../../pipeline/spelling/city-spelling.js';
import { militaryStateOf, validateGeonames } from '../../../pipeline/sources/geonames/validate.js';

const STATES = new Set(['NY', 'HI', 'ID', 'AA', 'AE', 'AP']);
const row = (line: number, zip: string, place: string, state: string, country = 'US'): DelimitedRow => ({
  line,
  fields: [country, zip, place, 'State', state, 'County', '001', '', '', '40.7', '-73.9', '1'],
});

describe('GeoNames validation', () => {
  it('keeps good rows and counts them', () => {
    const { zips, report } = validateGeonames(
      [row(1, '10001', 'New York', 'NY'), row(2, '00501', 'Holtsville', 'NY')],
      STATES,
    );
    expect(zips.map((z) => [z.zip, z.place, z.state])).toEqual([
      ['10001', 'New York', 'NY'],
      ['00501', 'Holtsville', 'NY'],
    ]);
    expect(report.toJSON()).toMatchObject({ rowsIn: 2, rowsOut: 2, rejected: {}, repaired: {} });
  });

  it('fails on a ZIP that is not five digits, naming file and line', () => {
    expect(() => validateGeonames([row(7, '1001', 'Agawam', 'NY')], STATES)).toThrow(
      new SourceError('geonames-us/US.txt', 7, 'ZIP must be five digits, found "1001"'),
    );
  });

  it('fails on an unknown state', () => {
    expect(() => validateGeonames([row(3, '10001', 'New York', 'XX')], STATES)).toThrow(
      /US\.txt:3: unknown state "XX" for ZIP 10001/,
    );
  });

  it('fails on a row of another country', () => {
    expect(() => validateGeonames([row(4, '10001', 'New York', 'NY', 'CA')], STATES)).toThrow(/country must be US/);
  });

  it('derives military states from the prefix and counts the repairs', () => {
    const { zips, report } = validateGeonames(
      [row(1, '09001', 'APO AA', ''), row(2, '34002', 'APO AA', 'AA'), row(3, '96201', 'APO AE', 'AE')],
      STATES,
    );
    expect(zips.map((z) => z.state)).toEqual(['AE', 'AA', 'AP']);
    expect(report.repaired).toEqual({ military_state_from_prefix: 1, military_state_relabelled: 1 });
  });

  it('drops a stateless duplicate of a ZIP that has a state (96860 "FPO AA")', () => {
    const { zips, report } = validateGeonames([row(1, '96860', 'Jbphh', 'HI'), row(2, '96860', 'FPO AA', '')], STATES);
    expect(zips).toHaveLength(1);
    expect(report.toJSON()).toMatchObject({ rowsIn: 2, rowsOut: 1, rejected: { duplicate_zip_without_state: 1 } });
  });

  it('drops a repeated ZIP, keeping the first row', () => {
    const { zips, report } = validateGeonames(
      [row(1, '10001', 'New York', 'NY'), row(2, '10001', 'Manhattan', 'NY')],
      STATES,
    );
    expect(zips.map((z) => z.place)).toEqual(['New York']);
    expect(report.rejected).toEqual({ duplicate_zip: 1 });
  });

  it('maps the military prefixes', () => {
    expect([
      militaryStateOf('09001'),
      militaryStateOf('09899'),
      militaryStateOf('34001'),
      militaryStateOf('96601'),
      militaryStateOf('10001'),
    ]).toEqual(['AE', 'AE', 'AA', 'AP', null]);
  });
});

describe('GeoNames transform', () => {
  it('restores the capital after Mc and counts it', () => {
    expect(mcCapital('Mccall')).toBe('McCall');
    expect(mcCapital('Port Mcneil')).toBe('Port McNeil');
    expect(mcCapital('Mack')).toBe('Mack');
  });

  it('cuts the state label off military city names', () => {
    expect(militaryCity('APO AA')).toBe('APO');
    expect(militaryCity('FPO AP')).toBe('FPO');
    expect(militaryCity('Apopka')).toBeNull();
    const { zips, report } = validateGeonames([row(1, '09001', 'APO AA', ''), row(2, '83638', 'Mccall', 'ID')], STATES);
    expect(transformGeonames(zips, report).map((z) => z.place)).toEqual(['APO', 'McCall']);
    expect(report.repaired).toMatchObject({ military_city_label_removed: 1, mc_capitalised: 1 });
  });
});
