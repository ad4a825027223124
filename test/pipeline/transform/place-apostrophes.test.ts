import { describe, expect, it } from 'vitest';
import type { ZipRecord } from '../../../pipeline/model.js';
import { SourceReport } from '../../../pipeline/source-report.js';
import {
  apostrophePlaces,
  withPlaceApostrophes,
  zipsMissingApostrophes,
} from '../../../pipeline/transform/place-apostrophes.js';

const zip = (code: string, city: string, state: string): ZipRecord => ({
  zip: code,
  city,
  state,
  county: null,
  countyFips: null,
  timezone: null,
  lat: 1,
  lon: 1,
  population: 1,
  density: 1,
  type: 'standard',
});

describe('apostrophes from an independent list of place names (issue 25)', () => {
  const geocoding = [
    { prefix: '816246', region: "Lee's Summit, MO" },
    { prefix: '813996', region: "Land O' Lakes, FL" },
    { prefix: '709722', region: "St. John's, NL" },
    { prefix: '636240', region: "O'Fallon, MO" },
    { prefix: '212', region: 'New York, NY' },
  ];
  const places = apostrophePlaces(geocoding, new Set(['MO', 'FL', 'NY']));

  it("lists the US places written with an apostrophe (not Canada's)", () => {
    expect([...places.values()].sort()).toEqual(["Land O' Lakes", "Lee's Summit", "O'Fallon"]);
  });

  it('gives every ZIP of such a place its spelling, counted, and leaves other states and places alone', () => {
    const zips = [
      zip('64063', 'Lees Summit', 'MO'),
      zip('64064', 'Lees Summit', 'MO'),
      zip('34637', "Land O'Lakes", 'FL'),
      zip('63366', "O'Fallon", 'MO'),
      zip('99999', 'Lees Summit', 'KS'),
      zip('10001', 'New York', 'NY'),
    ];
    const report = new SourceReport('geonames-us/US.txt');
    expect(zipsMissingApostrophes(zips, places).map((z) => z.zip)).toEqual(['64063', '64064', '34637']);
    const repaired = withPlaceApostrophes(zips, places, report);
    expect(repaired.map((z) => z.city)).toEqual([
      "Lee's Summit",
      "Lee's Summit",
      "Land O' Lakes",
      "O'Fallon",
      'Lees Summit',
      'New York',
    ]);
    expect((report.toJSON() as { repaired: object }).repaired).toEqual({ apostrophe_from_place_list: 3 });
    expect(zipsMissingApostrophes(repaired, places)).toEqual([]);
  });
});
