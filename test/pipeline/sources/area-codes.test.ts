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
      ['203', 'USA'],
      ['203200', 'Connecticut'],
      ['203201', 'Connecticut'],
      ['203202', 'Brooklyn, NY'],
      ['215', 'Pennsylvania'],
      ['215201', 'Philadelphia, PA'],
      ['445', 'Philadelphia, PA'],
      ['753', 'Ontario'],
      ['753200', 'Toronto, ON'],
      ['787200', 'San Juan'],
    ]),
    validity: rows([
      ['203', 'US', 'geographic'],
      ['215', 'US', 'geographic'],
      ['445', 'US', 'geographic'],
      ['500', 'US', 'personal'],
      ['787', 'PR', 'geographic'],
      ['800', 'US', 'toll_free'],
    ]),
    exchanges: rows([
      ['203', 'US', '200-999'],
      ['215', 'US', '200-999'],
      ['445', 'US', '200-599 700-999'],
      ['787', 'PR', '200-209 300'],
    ]),
    overlays: rows([['445', 'PA', '215 267', '2018-03', 'test']]),
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
    expect(validity).toMatchObject({
      rowsIn: 6,
      rowsOut: 4,
      rejected: { not_geographic_personal: 1, not_geographic_toll_free: 1 },
      repaired: { state_by_exchange_majority: 1 },
    });
  });

  it("keeps each code's exchanges libphonenumber-js accepts, less the special-use ones (issue 33: 983-6XX)", () => {
    const valid = validateAreaCodes(raw);
    const records = transformAreaCodes(valid.geocoding, valid.codes, STATES, valid.reports);
    const of = (code: string) => records.find((r) => r.areaCode === code)!.exchanges;
    expect(of('445').some((nxx) => nxx >= 600 && nxx <= 699)).toBe(false);
    expect(of('445')).toContain(599);
    expect(of('203')).not.toContain(211);
    expect(of('203')).not.toContain(555);
    expect(of('787')).toEqual([200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 300]);
  });

  it('fails on an exchange list of an unknown code, a code without one, or malformed ranges', () => {
    const base = { geocoding: [], validity: rows([['212', 'US', 'geographic']]), overlays: [] };
    expect(() => validateAreaCodes({ ...base, exchanges: rows([['213', 'US', '200-999']]) })).toThrow(
      /nanp-exchanges\.tsv:2: 213 \(US\) is not a geographic code/,
    );
    expect(() => validateAreaCodes({ ...base, exchanges: [] })).toThrow(/212 \(US\) has no valid exchanges listed/);
    for (const bad of ['300-200', '200-300 250', '199-300', '200-1000', '200,300']) {
      expect(() => validateAreaCodes({ ...base, exchanges: rows([['212', 'US', bad]]) })).toThrow(
        /exchanges must be ascending ranges/,
      );
    }
  });

  it('fails on an overlay without a month or a source, or one that skips an older overlay of the same codes (748)', () => {
    const overlays = (...list: string[][]) =>
      validateAreaCodes({ geocoding: [], validity: [], exchanges: [], overlays: rows(list) });
    expect(() => overlays(['983', 'CO', '303 720', '2022', 'x'])).toThrow(
      /overlays\.tsv:2: in_service must be a month YYYY-MM, found "2022"/,
    );
    expect(() => overlays(['983', 'CO', '303 720', '2022-06', ' '])).toThrow(/overlay 983 has no source/);
    // The table of dataset 2026.11.3 had 748 over 303/720, after 983 over the same codes: 748 overlays 970.
    expect(() =>
      overlays(
        ['720', 'CO', '303', '1998-06', 'x'],
        ['983', 'CO', '303 720', '2022-06', 'x'],
        ['748', 'CO', '303 720', '2026-10', 'x'],
      ),
    ).toThrow(/overlay 748 \(2026-10\) overlays 303 720 after 983 \(2022-06\) did, so it must overlay 983 too/);
    expect(() =>
      overlays(
        ['720', 'CO', '303', '1998-06', 'x'],
        ['983', 'CO', '303 720', '2022-06', 'x'],
        ['748', 'CO', '970', '2026-10', 'x'],
      ),
    ).not.toThrow();
    expect(() => overlays(['720', 'CO', '303 983', '1998-06', 'x'], ['983', 'CO', '303', '2022-06', 'x'])).toThrow(
      /overlay 720 \(1998-06\) lists 983, which opened later \(2022-06\)/,
    );
  });

  it('fails on a malformed prefix or region', () => {
    expect(() =>
      validateAreaCodes({ geocoding: rows([['12', 'X']]), validity: [], exchanges: [], overlays: [] }),
    ).toThrow(/nanp-en\.tsv:2: prefix must be 3 to 7 digits/);
    expect(() =>
      validateAreaCodes({ geocoding: [], validity: rows([['212', 'CA', 'geographic']]), exchanges: [], overlays: [] }),
    ).toThrow(/nanp-area-codes\.tsv:2: region must be one of/);
    expect(() =>
      validateAreaCodes({
        geocoding: [],
        validity: [],
        exchanges: [],
        overlays: rows([['917', 'NY', '212 71', '1992-01', 'test']]),
      }),
    ).toThrow(/overlays\.tsv:2: area codes must be three digits/);
    expect(() =>
      validateAreaCodes({
        geocoding: [],
        validity: [],
        exchanges: [],
        overlays: rows([['917', 'NY', '917', '1992-01', 'test']]),
      }),
    ).toThrow(/overlays\.tsv:2: overlay 917 is listed twice or overlays itself/);
  });
});
