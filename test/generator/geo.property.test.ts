import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { geoBounds } from 'd3-geo';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { createGenerator as createBrowserGenerator } from '../../src/browser.js';
import { validSeeds } from '../fixtures/valid-seeds.js';
import {
  createGenerator,
  defaultIndex,
  DEFAULT_GEO_INDEX_PATH,
  UssynthError,
  type AddressWithGeo,
} from '../../src/index.js';

const data = defaultIndex();
const GENERATABLE = data.states.filter((s) => s.zipCount > 0 && s.areaCodeCount > 0).map((s) => s.code);
const EIGHT = ['name', 'street', 'city', 'state', 'zip', 'phone', 'email', 'country'];
const FIVE = ['lat', 'lon', 'county', 'countyFips', 'timeZone'];

// Each state's bounding box, from the us-atlas state polygons (the dev dependency the pipeline uses), widened by 0.01 degree.
const topology = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('us-atlas/states-10m.json'), 'utf8'),
) as Topology<{ states: GeometryCollection }>;
const bboxByFips = new Map<number, [[number, number], [number, number]]>();
for (const g of topology.objects.states.geometries)
  bboxByFips.set(Number(g.id), geoBounds(feature(topology, g) as Feature<Polygon | MultiPolygon>));
function inStateBox(a: AddressWithGeo): boolean {
  const box = bboxByFips.get(data.state(a.state)!.fips);
  if (!box) return false;
  const [[west, south], [east, north]] = box;
  const lonOk =
    west <= east ? a.lon >= west - 0.01 && a.lon <= east + 0.01 : a.lon >= west - 0.01 || a.lon <= east + 0.01; // Alaska crosses 180
  return lonOk && a.lat >= south - 0.01 && a.lat <= north + 0.01;
}

// Any seed the library accepts (the one seed rule).
const seeds = validSeeds(40);
const states = fc.option(fc.constantFrom(...GENERATABLE), { nil: undefined });
const indexes = fc.oneof(fc.nat({ max: 10_000 }), fc.nat({ max: Number.MAX_SAFE_INTEGER }));
const fiveDecimals = (x: number): boolean => Number.isFinite(x) && /^-?\d+(\.\d{1,5})?$/.test(String(x));

describe('geo fields', () => {
  it('leave the eight fields exactly as they are without geo, and add the five after country', () => {
    fc.assert(
      fc.property(seeds, states, indexes, (seed, state, index) => {
        const plain = createGenerator({ seed }).addressAt(index, { state });
        const geo = createGenerator({ seed }).addressAt(index, { state, geo: true });
        expect(Object.keys(geo)).toEqual([...EIGHT, ...FIVE]);
        expect(Object.fromEntries(EIGHT.map((k) => [k, geo[k as keyof AddressWithGeo]]))).toEqual(plain);
        expect(JSON.stringify(plain)).toBe(
          JSON.stringify(createGenerator({ seed }).addressAt(index, { state, geo: false })),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('are deterministic: the same seed, options and index give the same point, whatever the call shape', () => {
    fc.assert(
      fc.property(seeds, states, fc.nat({ max: 50 }), (seed, state, k) => {
        const page = createGenerator({ seed, geo: true }).addresses({ start: 0, count: 51, state });
        const one = createGenerator({ seed }).addressAt(k, { state, geo: true });
        const batch = createGenerator({ seed }).batch({ count: 51, state, geo: true }).addresses[k];
        expect(page[k]).toEqual(one);
        expect(batch).toEqual(one);
      }),
      { numRuns: 100 },
    );
  });

  it("are valid: five-decimal coordinates inside the state's bounding box, a county of the state, an IANA zone", () => {
    fc.assert(
      fc.property(seeds, states, indexes, (seed, state, index) => {
        const a = createGenerator({ seed }).addressAt(index, { state, geo: true });
        expect(fiveDecimals(a.lat) && fiveDecimals(a.lon)).toBe(true);
        expect(Math.abs(a.lat)).toBeLessThanOrEqual(90);
        expect(Math.abs(a.lon)).toBeLessThanOrEqual(180);
        expect(inStateBox(a), `${a.zip} ${a.lat},${a.lon}`).toBe(true);
        expect(a.countyFips).toMatch(/^\d{5}$/);
        expect(Number(a.countyFips.slice(0, 2))).toBe(data.state(a.state)!.fips);
        expect(a.county.length).toBeGreaterThan(0);
        expect(a.timeZone).toMatch(/^[A-Z][A-Za-z_]+\/[A-Za-z_/-]+$/);
      }),
      { numRuns: 500 },
    );
  });

  it("name a county of the ZIP's own state for every ZIP with a place, also where SimpleMaps names one across the state line", () => {
    const gen = createGenerator({ seed: 1 });
    // 42223, Fort Campbell KY: SimpleMaps' main county is Montgomery County, TN.
    expect(gen.zip('42223', { geo: true })).toMatchObject({ state: 'KY', countyFips: expect.stringMatching(/^21/) });
    const across: string[] = [];
    for (let row = 0; row < data.zipCodes.length; row++) {
      const zip = data.zipText(row);
      const record = gen.zip(zip, { geo: true });
      if (
        record !== null &&
        record.countyFips !== null &&
        Number(record.countyFips.slice(0, 2)) !== data.state(record.state)!.fips
      )
        across.push(`${zip} ${record.state} ${record.countyFips}`);
    }
    expect(across).toEqual([]);
  });

  it('follow the generator option unless a call says otherwise', () => {
    const gen = createGenerator({ seed: 7, geo: true });
    expect(gen.geo).toBe(true);
    expect(Object.keys(gen.address())).toEqual([...EIGHT, ...FIVE]);
    expect(Object.keys(gen.address({ geo: false }))).toEqual(EIGHT);
    expect(Object.keys(gen.batch({ count: 2 }).addresses[1])).toEqual([...EIGHT, ...FIVE]);
    expect(Object.keys(createGenerator({ seed: 7 }).address())).toEqual(EIGHT);
  });

  it('refuse a geo option that is not a boolean, with a typed error', () => {
    const gen = createGenerator({ seed: 7 });
    expect(() => gen.address({ geo: 'yes' as unknown as boolean })).toThrow(
      expect.objectContaining({ code: 'invalid_geo', param: 'geo' }),
    );
    expect(() => createGenerator({ seed: 7, geo: 1 as unknown as boolean })).toThrow(UssynthError);
    expect(() => gen.zip('10001', { geo: null as unknown as boolean })).toThrow(
      expect.objectContaining({ code: 'invalid_geo' }),
    );
  });

  it('need the geo index in browsers, and say so; given it, browsers give the same records as Node', () => {
    const bytes = readFileSync(DEFAULT_GEO_INDEX_PATH);
    const index = readFileSync(new URL('../../dist-data/ussynth.idx', import.meta.url));
    const without = createBrowserGenerator({ index, seed: 3 });
    expect(without.address()).toEqual(createGenerator({ seed: 3 }).address());
    expect(() => without.address({ geo: true })).toThrow(expect.objectContaining({ code: 'geo_unavailable' }));
    const withGeo = createBrowserGenerator({ index, geoIndex: bytes, seed: 3 });
    expect(withGeo.batch({ count: 20, geo: true })).toEqual(
      createGenerator({ seed: 3 }).batch({ count: 20, geo: true }),
    );
  });

  it('refuse a geo index of another dataset', () => {
    const bytes = new Uint8Array(readFileSync(DEFAULT_GEO_INDEX_PATH));
    bytes[32 + 8] = 0x39; // the dataset version's last digit, "2026.11.1" -> "2026.11.9"
    // The checksum covers bytes from 64 on: the header's version is not in it, so the file reads; the pairing check refuses it.
    const gen = createGenerator({ seed: 1, geoIndex: bytes });
    expect(() => gen.address({ geo: true })).toThrow(expect.objectContaining({ code: 'invalid_index_file' }));
  });
});

describe('ZIP lookup with geo', () => {
  it('adds the centroid, county and time zone after the four fields', () => {
    const gen = createGenerator({ seed: 1 });
    expect(gen.zip('60601', { geo: true })).toEqual({
      zip: '60601',
      state: 'IL',
      stateFull: 'Illinois',
      city: 'Chicago',
      lat: 41.88527,
      lon: -87.62197,
      county: 'Cook',
      countyFips: '17031',
      timeZone: 'America/Chicago',
    });
    expect(gen.zip('60601')).toEqual({ zip: '60601', state: 'IL', stateFull: 'Illinois', city: 'Chicago' });
    expect(gen.zip('00000', { geo: true })).toBeNull();
  });

  it('gives nulls for military ZIPs, which are no place', () => {
    expect(createGenerator({ seed: 1 }).zip('09001', { geo: true })).toMatchObject({
      state: 'AE',
      lat: null,
      lon: null,
      county: null,
      countyFips: null,
      timeZone: null,
    });
  });

  it('names the county an address of the ZIP names', () => {
    const gen = createGenerator({ seed: 11 });
    for (const a of gen.batch({ count: 200, geo: true }).addresses) {
      const z = gen.zip(a.zip, { geo: true })!;
      expect([z.county, z.countyFips, z.timeZone]).toEqual([a.county, a.countyFips, a.timeZone]);
    }
  });
});
