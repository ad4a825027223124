import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { distanceKm } from '../../pipeline/transform/distance.js';
import { isGeneratableExchange } from '../../src/generator/phone.js';
import { createGenerator, defaultIndex, type Address } from '../../src/index.js';
import { exchangePlace, places, stateOfAreaCode, zipPlace, zipPoint } from '../fixtures/phone-locality.js';
import { validSeeds } from '../fixtures/valid-seeds.js';

const manifest = JSON.parse(readFileSync(new URL('../../dist-data/manifest.json', import.meta.url), 'utf8')) as {
  phoneLocality: {
    defaultAddressesWithin25Km: number;
    defaultAddressesWithin50Km: number;
    statesWithoutPlaces: string[];
  };
};

const data = defaultIndex();
const GENERATABLE = data.states.filter((s) => s.zipCount > 0 && s.areaCodeCount > 0).map((s) => s.code);
const seeds = validSeeds(30);
const states = fc.option(fc.constantFrom(...GENERATABLE), { nil: undefined });
const indexes = fc.oneof(fc.nat({ max: 100_000 }), fc.nat({ max: Number.MAX_SAFE_INTEGER }));

/** Area code and exchange of a phone, as "AAA-NNN". */
const exchangeOf = (phone: string): string => {
  const [, area, exchange] = /^\((\d{3})\) (\d{3})-\d{4}$/.exec(phone)!;
  return `${area}-${exchange}`;
};

/** Distance from an address's ZIP to its phone's place, in km. */
const phoneDistance = (a: Address): number => {
  const place = places.get(exchangePlace.get(exchangeOf(a.phone))!);
  if (!place) throw new Error(`${a.phone} (${a.zip}): no place for its exchange in the SQLite file`);
  const zip = zipPoint.get(a.zip)!;
  return distanceKm(zip.lat, zip.lon, place.lat, place.lon);
};

describe('phones local to the address', () => {
  it("use an exchange of the ZIP's phone place, in the address's state, valid and never N11 or special-use", () => {
    fc.assert(
      fc.property(seeds, states, indexes, (seed, state, index) => {
        const a = createGenerator({ seed }).addressAt(index, { state });
        const exchange = exchangeOf(a.phone);
        expect(stateOfAreaCode.get(exchange.slice(0, 3)), a.phone).toBe(a.state);
        expect(isGeneratableExchange(Number(exchange.slice(4))), a.phone).toBe(true);
        if (manifest.phoneLocality.statesWithoutPlaces.includes(a.state)) {
          expect(zipPlace.has(a.zip)).toBe(false);
        } else {
          const place = exchangePlace.get(exchange);
          expect(place, a.phone).toBe(zipPlace.get(a.zip));
          expect(places.get(place!)!.state).toBe(a.state);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('are within 50 km for at least 95 % of default addresses, and in the state for all', () => {
    const sample = createGenerator({ seed: 'locality' }).addresses({ count: 20_000 });
    const distances = sample.map(phoneDistance);
    const within = (km: number) => distances.filter((d) => d <= km).length / sample.length;
    expect(within(50)).toBeGreaterThanOrEqual(0.95);
    // The build's figures are population-weighted shares; a 20,000-record sample lands within a percent of them.
    expect(Math.abs(within(50) - manifest.phoneLocality.defaultAddressesWithin50Km)).toBeLessThan(0.01);
    expect(Math.abs(within(25) - manifest.phoneLocality.defaultAddressesWithin25Km)).toBeLessThan(0.01);
    expect(sample.every((a) => stateOfAreaCode.get(a.phone.slice(1, 4)) === a.state)).toBe(true);
  });

  it('are the nearest place of the state when none is within 50 km', () => {
    const far = [...zipPlace].filter(([zip]) => {
      const point = zipPoint.get(zip)!;
      const place = places.get(zipPlace.get(zip)!)!;
      return distanceKm(point.lat, point.lon, place.lat, place.lon) > 50;
    });
    expect(far.length).toBeGreaterThan(0);
    for (const [zip, placeName] of far.slice(0, 200)) {
      const point = zipPoint.get(zip)!;
      const state = places.get(placeName)!.state;
      const nearest = Math.min(
        ...[...places.values()]
          .filter((p) => p.state === state)
          .map((p) => distanceKm(point.lat, point.lon, p.lat, p.lon)),
      );
      const chosen = places.get(placeName)!;
      expect(distanceKm(point.lat, point.lon, chosen.lat, chosen.lon), zip).toBeCloseTo(nearest, 6);
    }
  });

  it('put a Staten Island, Las Vegas or Riverside address in a local exchange', () => {
    const gen = createGenerator({ seed: 'review' });
    const local = (zip: string, state: string, codes: string[]) => {
      let found = 0;
      for (let i = 0; found < 20 && i < 200_000; i++) {
        const a = gen.addressAt(i, { state });
        if (a.zip !== zip) continue;
        found++;
        expect(codes, a.phone).toContain(a.phone.slice(1, 4));
        expect(phoneDistance(a)).toBeLessThan(25);
      }
      expect(found).toBe(20);
    };
    local('10314', 'NY', ['718', '347', '929', '917']); // Staten Island: no 716 (Buffalo)
    local('89117', 'NV', ['702', '725']); // Las Vegas: no 775 (Reno)
    local('92503', 'CA', ['951', '909']); // Riverside: no 415 (San Francisco); 909-353 is Riverside's in the geocoding data
  });

  it('fall back to any exchange of the state where the geocoding names no place (territories)', () => {
    expect(manifest.phoneLocality.statesWithoutPlaces).toEqual(['AS', 'GU', 'MP', 'PR', 'VI']);
    for (const a of createGenerator({ seed: 'territories' }).addresses({ count: 500, state: 'PR' })) {
      expect(stateOfAreaCode.get(a.phone.slice(1, 4))).toBe('PR');
      expect(isGeneratableExchange(Number(a.phone.slice(6, 9)))).toBe(true);
    }
  });

  it('keep the fictional option: 555-0100..555-0199 with an area code of the state', () => {
    for (const a of createGenerator({ seed: 'fictional', fictionalPhones: true }).addresses({ count: 2000 })) {
      expect(a.phone).toMatch(/^\(\d{3}\) 555-01\d\d$/);
      expect(stateOfAreaCode.get(a.phone.slice(1, 4))).toBe(a.state);
    }
  });
});

describe('phone streams', () => {
  it('keep drawing within the state, from its area codes', () => {
    fc.assert(
      fc.property(seeds, fc.constantFrom(...GENERATABLE), indexes, (seed, state, index) => {
        const { phone } = createGenerator({ seed }).phoneAt(index, { state });
        expect(stateOfAreaCode.get(phone.slice(1, 4))).toBe(state);
        expect(isGeneratableExchange(Number(phone.slice(6, 9)))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
