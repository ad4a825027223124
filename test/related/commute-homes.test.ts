import { describe, expect, it } from 'vitest';
import { RecordRandom } from '../../src/random/record-random.js';
import { COMMUTE_KM, commuteHomesOf, greatCircleKm } from '../../src/related/commute-homes.js';
import { defaultGeoIndex, defaultIndex } from '../../src/index.js';
import { GEO_LAT_OFFSET, GEO_LON_OFFSET, GEO_UNITS_PER_DEGREE } from '../../src/data-index/geo-format.js';

const data = defaultIndex();
const geo = defaultGeoIndex();
const homes = commuteHomesOf(data, geo);
const zips = data.table('ZS');
const centroid = (row: number) => ({
  lat: (geo.zipLat[row] - GEO_LAT_OFFSET) / GEO_UNITS_PER_DEGREE,
  lon: (geo.zipLon[row] - GEO_LON_OFFSET) / GEO_UNITS_PER_DEGREE,
});

describe('commuting homes', () => {
  it('measures great circles (Manhattan to Newark about 14.25 km; a quarter meridian about 10,008 km)', () => {
    expect(greatCircleKm(40.7128, -74.006, 40.7357, -74.1724)).toBeCloseTo(14.25, 2);
    expect(greatCircleKm(0, 0, 90, 0)).toBeCloseTo(10_007.5, 0);
  });

  it('draws homes in the county or within reach of every point of the ZIP, about 3 in 4 in the county', () => {
    const random = new RecordRandom(new Uint32Array([1, 2, 3, 4]));
    let inCounty = 0;
    let draws = 0;
    const misses: string[] = [];
    // Workplaces in dense and sparse places: Manhattan, Newark, Cheyenne, Anchorage, rural Nevada.
    for (const zip of [10001, 7102, 82001, 99501, 89301]) {
      const row = data.zipRow(zip);
      const sets = homes.around(row);
      const reach = COMMUTE_KM - homes.spreadKm([...zips.items].indexOf(row));
      for (let k = 0; k < 2000; k++) {
        random.reset(1, k + zip * 10_000);
        const e = homes.home(sets, random);
        const homeRow = zips.items[e];
        draws++;
        if (geo.zipCounty[homeRow] === geo.zipCounty[row]) inCounty++;
        else {
          const km = greatCircleKm(centroid(row).lat, centroid(row).lon, centroid(homeRow).lat, centroid(homeRow).lon);
          if (!(km <= reach))
            misses.push(`${zip} -> ${data.zipText(homeRow)}: ${km.toFixed(1)} km, reach ${reach.toFixed(1)}`);
        }
      }
    }
    expect(misses).toEqual([]);
    expect(inCounty / draws).toBeGreaterThan(0.75);
    expect(inCounty / draws).toBeLessThan(0.97);
  });

  it('gives a ZIP whose grid is wider than the reach only homes of its county', () => {
    const wide = [...zips.items].findIndex((_, e) => homes.spreadKm(e) >= COMMUTE_KM);
    expect(wide).toBeGreaterThanOrEqual(0);
    const row = zips.items[wide];
    const sets = homes.around(row);
    const random = new RecordRandom(new Uint32Array([5, 6, 7, 8]));
    for (let k = 0; k < 500; k++) {
      random.reset(2, k);
      expect(geo.zipCounty[zips.items[homes.home(sets, random)]]).toBe(geo.zipCounty[row]);
    }
  });
});
