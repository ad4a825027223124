import { describe, expect, it } from 'vitest';
import type { StateRecord } from '../../../pipeline/model.js';
import { regionState, transformAreaCodes } from '../../../pipeline/sources/area-codes/transform.js';
import { validateAreaCodes } from '../../../pipeline/sources/area-codes/validate.js';

const STATES: StateRecord[] = [
  { code: 'CT', name: 'Connecticut', fips: '09', kind: 'state' },
  { code: 'DC', name: 'District of Columbia', fips: '11', kind: 'district' },
  { code: 'NY', name: 'New York', fips: '36', kind: 'state' },
  { code: 'PA', name: 'Pennsylvania', fips: '42', kind: 'state' },
  { code: 'PR', name: 'Puerto Rico', fips: '72', kind: 'territory' },
  { code: 'WA', name: 'Washington', fips: '53', kind: 'state' },
];
const byName = new Map(STATES.map((s) => [s.name, s.code]));
const codes = new Set(STATES.map((s) => s.code));
const rows = (lines: string[][]) => lines.map((fields, i) => ({ line: i + 2, fields }));

describe('area-code region names', () => {
  it('normalises full names, aliases and "City, ST"', () => {
    expect(regionState('Connecticut', byName, codes)).toBe('CT');
    expect(regionState('Washington State', byName, codes)).toBe('WA');
    expect(regionState('Washington D.C.', byName, codes)).toBe('DC');
    expect(regionState('Philadelphia, PA', byName, codes)).toBe('PA');
    expect(regionState('Ontario', byName, codes)).toBeNull();
    expect(regionState('Toronto, ON', byName, codes)).toBeNull();
  });
});

describe('area-code transform', () => {
  const raw = {
    geocoding: rows([
      ['203', 'USA'], ['203200', 'Connecticut'], ['203201', 'Connecticut'], ['203202', 'Brooklyn, NY'],
      ['215', 'Pennsylvania'], ['215201', 'Philadelphia, PA'],
      ['445', 'Philadelphia, PA'],
      ['753', 'Ontario'], ['753200', 'Toronto, ON'],
      ['787200', 'San Juan'],
    ]),
    validity: rows([
      ['203', 'US', 'geographic'], ['215', 'US', 'geographic'], ['445', 'US', 'geographic'], ['500', 'US', 'personal'],
      ['787', 'PR', 'geographic'], ['800', 'US', 'toll_free'],
    ]),
    overlays: rows([['445', 'PA', '215 267']]),
  };

  it('assigns states, weights by exchange entries, and accounts for every row', () => {
    const valid = validateAreaCodes(raw);
    const records = transformAreaCodes(valid.geocoding, valid.codes, STATES, valid.reports);
    expect(records.map(({ areaCode, state, weight }) => [areaCode, state, weight])).toEqual([
      ['203', 'CT', 3], // "USA" is no state: the exchange majority (2 CT, 1 NY) decides
      ['215', 'PA', 1],
      ['445', 'PA', 1],
      ['787', 'PR', 1], // a territory code takes its libphonenumber-js region
    ]);
    const [geo, validity] = valid.reports.map((r) => r.toJSON());
    expect(geo).toMatchObject({ rowsIn: 10, rowsOut: 8, rejected: { not_a_us_geographic_code: 2 } });
    expect(validity).toMatchObject({ rowsIn: 6, rowsOut: 4, rejected: { not_geographic_personal: 1, not_geographic_toll_free: 1 }, repaired: { state_by_exchange_majority: 1 } });
  });

  it('fails on a malformed prefix or region', () => {
    expect(() => validateAreaCodes({ geocoding: rows([['12', 'X']]), validity: [], overlays: [] })).toThrow(/nanp-en\.tsv:2: prefix must be 3 to 7 digits/);
    expect(() => validateAreaCodes({ geocoding: [], validity: rows([['212', 'CA', 'geographic']]), overlays: [] })).toThrow(/nanp-area-codes\.tsv:2: region must be one of/);
    expect(() => validateAreaCodes({ geocoding: [], validity: [], overlays: rows([['917', 'NY', '212 71']]) })).toThrow(/overlays\.tsv:2: area codes must be three digits/);
    expect(() => validateAreaCodes({ geocoding: [], validity: [], overlays: rows([['917', 'NY', '917']]) })).toThrow(/overlays\.tsv:2: overlay 917 is listed twice or overlays itself/);
  });
});
