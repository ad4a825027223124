import { describe, expect, it } from 'vitest';
import type { AreaCodeRecord, ZipRecord } from '../../../pipeline/model.js';
import { distanceKm } from '../../../pipeline/transform/distance.js';
import { placeKeys } from '../../../pipeline/transform/place-name.js';
import { isOwnPlace, phoneLocality, zipPhonePlaces } from '../../../pipeline/transform/phone-locality.js';
import { compilePhonePlaces, regionPlace } from '../../../pipeline/transform/phone-places.js';
import { tinyData } from '../../fixtures/tiny-data.js';
import { USABLE_EXCHANGES } from '../../fixtures/usable-exchanges.js';

const zip = (
  code: string,
  city: string,
  state: string,
  lat: number,
  lon: number,
  population: number | null,
): ZipRecord => ({
  zip: code,
  city,
  state,
  county: null,
  countyFips: null,
  timezone: null,
  lat,
  lon,
  population,
  density: null,
  type: 'standard',
});

describe('place names', () => {
  it('compare equal across the abbreviations of both sources', () => {
    expect(placeKeys('St. Louis')).toEqual(placeKeys('Saint Louis'));
    expect(placeKeys('Hilton Head Isle')).toEqual(placeKeys('Hilton Head Island'));
    expect(placeKeys('N Little Rock')).toEqual(placeKeys('North Little Rock'));
    expect(placeKeys('Cañon City')).toEqual(placeKeys('Canon City'));
    expect(placeKeys('Clinton Twp')).toEqual(['clinton township', 'clinton']);
    expect(placeKeys('Redford Charter Township')).toEqual(['redford charter township', 'redford', 'redford charter']);
  });

  it('name a place as "City, ST" of a known state; states and provinces are no place', () => {
    const states = new Set(['CA', 'DC']);
    expect(regionPlace('Riverside, CA', states)).toEqual({ place: 'Riverside, CA', city: 'Riverside', state: 'CA' });
    expect(regionPlace('Washington D.C.', states)).toEqual({
      place: 'Washington, DC',
      city: 'Washington',
      state: 'DC',
    });
    expect(regionPlace('California', states)).toBeNull();
    expect(regionPlace('Toronto, ON', states)).toBeNull();
  });

  it('are apart by great-circle distance', () => {
    expect(distanceKm(40.7128, -74.006, 34.0522, -118.2437)).toBeCloseTo(3935.7, 0);
    expect(distanceKm(1, 2, 1, 2)).toBe(0);
  });
});

describe('phone exchanges and places', () => {
  const areaCodes: AreaCodeRecord[] = [
    { areaCode: '202', state: 'DC', weight: 1, region: 'Washington D.C.', exchanges: USABLE_EXCHANGES },
    { areaCode: '212', state: 'NY', weight: 1, region: 'New York, NY', exchanges: USABLE_EXCHANGES },
    { areaCode: '951', state: 'CA', weight: 1, region: 'California', exchanges: USABLE_EXCHANGES },
  ];
  const geocoding = [
    ['202', 'Washington D.C.'],
    ['212', 'New York, NY'],
    ['951', 'California'],
    ['95122', 'Corona, CA'],
    ['951222', 'Riverside, CA'],
    ['951223', 'Ontario'],
    ['951224', 'Reno, NV'],
    ['951225', 'Nowhere, CA'],
  ].map(([prefix, region]) => ({ prefix, region }));
  const zips = [
    zip('92501', 'Riverside', 'CA', 34.0, -117.4, 3000),
    zip('92503', 'Riverside', 'CA', 34.0, -117.3, 1000),
    zip('92879', 'Corona', 'CA', 33.9, -117.5, null),
    zip('10001', 'New York', 'NY', 40.75, -73.99, 27613),
    zip('20001', 'Washington', 'DC', 38.9, -77.0, 43000),
    zip('89501', 'Reno', 'NV', 39.5, -119.8, 5000),
  ];
  const compiled = compilePhonePlaces(geocoding, areaCodes, zips, new Set(['CA', 'DC', 'NV', 'NY']));

  it('take each exchange to the place of its longest prefix, a whole area code where that names a place', () => {
    const of = (place: string) =>
      compiled.exchanges.filter((e) => e.place === place).map((e) => e.areaCode + '-' + e.exchange);
    expect(of('Riverside, CA')).toEqual(['951-222']);
    expect(of('Corona, CA')).toEqual(['951-220', '951-221', '951-226', '951-227', '951-228', '951-229']);
    expect(of('New York, NY')).toHaveLength(800 - 13);
    expect(of('Washington, DC')).toHaveLength(800 - 13);
    expect(of('New York, NY')).not.toContain('212-911');
    expect(of('New York, NY')).not.toContain('212-976');
  });

  it('account for every exchange of every geographic area code', () => {
    expect(compiled.report.toJSON()).toMatchObject({
      rowsIn: 2400,
      rowsOut: 1581,
      rejected: {
        special_use_exchange: 39,
        place_in_another_state: 1,
        place_not_in_zip_sources: 1,
        no_place_in_geocoding: 778,
      },
    });
  });

  it("put a place at the population-weighted mean of its state's ZIPs of that name", () => {
    expect(compiled.places.map((p) => p.place)).toEqual([
      'Corona, CA',
      'New York, NY',
      'Riverside, CA',
      'Washington, DC',
    ]);
    const riverside = compiled.places.find((p) => p.place === 'Riverside, CA')!;
    expect(riverside.lat).toBeCloseTo(34.0, 6);
    expect(riverside.lon).toBeCloseTo((3001 * -117.4 + 1001 * -117.3) / 4002, 5);
  });

  it('give each residential ZIP the nearest place of its state', () => {
    const residential = new Map([
      ['92501', 3000],
      ['92503', 1000],
      ['92879', 1],
      ['10001', 27613],
      ['89501', 5000],
    ]);
    const assigned = zipPhonePlaces(zips, residential, compiled.places);
    expect(assigned.map((z) => [z.zip, z.place])).toEqual([
      ['92501', 'Riverside, CA'],
      ['92503', 'Riverside, CA'],
      ['92879', 'Corona, CA'],
      ['10001', 'New York, NY'],
    ]);
    expect(assigned[3].distanceM).toBe(0);
  });
});

describe('phone locality shares', () => {
  it('weight ZIPs of the 50 states and DC by population, ZIPs without a place counting as beyond', () => {
    const data = tinyData();
    data.zipPhonePlaces = [
      { zip: '05401', place: 'Burlington, VT', distanceM: 60_000 },
      { zip: '10001', place: 'New York, NY', distanceM: 20_000 },
    ];
    expect(phoneLocality(data)).toEqual({
      defaultAddressesWithin25Km: Math.round((27613 / (27613 + 27000)) * 10_000) / 10_000,
      defaultAddressesWithin50Km: Math.round((27613 / (27613 + 27000)) * 10_000) / 10_000,
      residentialZipsWithin25Km: Math.round((1 / 3) * 10_000) / 10_000,
      residentialZipsWithin50Km: Math.round((1 / 3) * 10_000) / 10_000,
      // Both ZIPs' places are the places their cities name.
      defaultAddressesOwnPlace: 1,
      statesWithoutPlaces: ['PR'],
    });
  });
});

describe('overlay codes and own places (issue 25)', () => {
  const areaCodes: AreaCodeRecord[] = [
    { areaCode: '212', state: 'NY', weight: 1, region: 'New York, NY', exchanges: USABLE_EXCHANGES },
    { areaCode: '718', state: 'NY', weight: 1, region: 'New York', exchanges: USABLE_EXCHANGES },
    { areaCode: '917', state: 'NY', weight: 1, region: 'New York', exchanges: USABLE_EXCHANGES },
    { areaCode: '631', state: 'NY', weight: 1, region: 'New York', exchanges: USABLE_EXCHANGES },
    { areaCode: '934', state: 'NY', weight: 1, region: 'New York, NY', exchanges: USABLE_EXCHANGES },
  ];
  const geocoding = [
    ['212', 'New York, NY'],
    ['718', 'New York'],
    ['718230', 'Brooklyn, NY'],
    ['718231', 'Bronx, NY'],
    ['917', 'New York'],
    ['631', 'New York'],
    ['631230', 'Brentwood, NY'],
    ['934', 'New York, NY'],
    ['934231', 'Brentwood, NY'],
  ].map(([prefix, region]) => ({ prefix, region }));
  const zips = [
    zip('10001', 'New York', 'NY', 40.75, -73.99, 27613),
    zip('11201', 'Brooklyn', 'NY', 40.69, -73.99, 50000),
    zip('10451', 'Bronx', 'NY', 40.82, -73.92, 40000),
    zip('11717', 'Brentwood', 'NY', 40.78, -73.25, 60000),
  ];
  const overlays = [
    { overlay: '917', state: 'NY', overlays: ['212', '718'], inService: '1992-01' },
    { overlay: '934', state: 'NY', overlays: ['631'], inService: '2016-07' },
  ];
  const compiled = compilePhonePlaces(geocoding, areaCodes, zips, new Set(['NY']), overlays);
  const of = (code: string) => compiled.exchanges.filter((e) => e.areaCode === code);

  it("give an overlay's exchanges the places of the codes it overlays, in turn by NXX", () => {
    // 917-NXX: even NXX from 212 (New York), odd from 718 where 718 names a place (230 Brooklyn, 231 Bronx), else 212.
    const placeOf = (nxx: number): string => (nxx === 231 ? 'Bronx, NY' : 'New York, NY');
    expect(of('917').filter((e) => e.place !== placeOf(Number(e.exchange)))).toEqual([]);
    expect(
      (compiled.report.toJSON() as { repaired: Record<string, number> }).repaired.place_from_overlaid_code,
    ).toBeGreaterThan(787);
  });

  it('keep of an overlay the part of its exchanges in service that the geocoding knows of its parents', () => {
    // 917 (1992) is full: 787 in service, as 212 and 718; the geocoding places 787 of 212's and 2 of 718's, so 917 keeps 787 x 789 / 1574.
    expect(of('917')).toHaveLength(Math.round((787 * 789) / 1574));
    expect(compiled.overlays.filter((o) => o.overlay === '917').map((o) => o.derivedExchanges)).toEqual([395, 395]);
    const kept = of('917').map((e) => Number(e.exchange));
    expect(Math.min(...kept)).toBeLessThan(210);
    expect(Math.max(...kept)).toBeGreaterThan(990);
    expect(
      (compiled.report.toJSON() as { rejected: Record<string, number> }).rejected.overlay_exchange_not_in_service,
    ).toBeGreaterThan(380);
    // An overlay whose first exchanges open after its parents' exhaustion (748 over 970, projected late 2026) keeps a few at most.
    const late = compilePhonePlaces(geocoding, areaCodes, zips, new Set(['NY']), [
      { overlay: '917', state: 'NY', overlays: ['212', '718'], inService: '2026-10' },
    ]);
    expect(late.exchanges.filter((e) => e.areaCode === '917').length).toBeLessThanOrEqual(2);
  });

  it('do not take 934\'s mislabelled area-code entry ("New York, NY"): it is Suffolk County\'s overlay of 631', () => {
    expect(of('934').filter((e) => e.place === 'New York, NY')).toEqual([]);
    // Its own entry (934231) stays; its share (half filled since 2016, 1 of 631's 787 known) leaves no derived exchange (934230 via 631230).
    expect(of('934').map((e) => e.exchange + ' ' + e.place)).toEqual(['231 Brentwood, NY']);
    expect(compiled.overlays.filter((o) => o.overlay === '934').map((o) => o.derivedExchanges)).toEqual([0]);
  });

  it('refuse an overlay whose codes are not geographic codes of its state', () => {
    expect(() =>
      compilePhonePlaces(geocoding, areaCodes, zips, new Set(['NY']), [
        { overlay: '424', state: 'NY', overlays: ['212'], inService: '2006-08' },
      ]),
    ).toThrow(/overlays\.tsv: overlay 424 \(NY\): 424 is not a geographic area code of NY/);
  });

  it('give a ZIP its own place when that has exchanges, even where another place is nearer', () => {
    // Put the Brooklyn place nearer to a Manhattan ZIP than New York's own place is.
    const places = [
      { place: 'Brooklyn, NY', state: 'NY', lat: 40.7, lon: -73.99 },
      { place: 'New York, NY', state: 'NY', lat: 40.78, lon: -73.97 },
    ];
    const manhattan = zip('10004', 'New York', 'NY', 40.7, -74.0, 3000);
    const farAway = zip('14850', 'Ithaca', 'NY', 42.44, -76.5, 3000);
    const assigned = zipPhonePlaces(
      [manhattan, farAway],
      new Map([
        ['10004', 3000],
        ['14850', 3000],
      ]),
      places,
    );
    expect(assigned.map((z) => z.place)).toEqual(['New York, NY', 'New York, NY']);
    expect(isOwnPlace('New York', 'New York, NY')).toBe(true);
    expect(isOwnPlace('Saint Louis', 'St. Louis, MO')).toBe(true);
    expect(isOwnPlace('Brooklyn', 'New York, NY')).toBe(false);
  });
});
