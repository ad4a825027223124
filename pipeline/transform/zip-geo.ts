import tzLookup from '@photostructure/tz-lookup';
import { GEO_GRID, GEO_UNITS_PER_DEGREE } from '../../src/data-index/geo-format.js';
import { byCodeUnit } from '../../src/code-unit-order.js';
import type { StateRecord, ZipRecord } from '../model.js';
import type { County } from '../sources/counties/extract.js';
import { featureContains } from './county-containment.js';

/** Radius in km of a ZIP's points when SimpleMaps gives no population or density (about 12.6 km², a suburban ZIP). */
export const DEFAULT_RADIUS_KM = 2;

/** Bounds of the radius from population / density, in km: the grid keeps its detail in the largest rural ZIPs. */
export const MIN_RADIUS_KM = 0.2;
export const MAX_RADIUS_KM = 60;

/** Radii tried, as multiples of the ZIP's radius, until some grid cell lies in the county and the time zone. */
const RADIUS_STEPS = [1, 0.5, 0.25, 0.125, 2, 4, 8, 16];

const KM_PER_DEGREE_LAT = 111.32;
const HALF = GEO_GRID / 2;

/**
 * Whether a point (degrees) is inside a county's polygon: {@link featureContains}
 * (d3-geo's geoContains, prepared once per county); `bench/geo-contains.bench.ts`
 * passes d3-geo's own to compare the two on every point the build tests.
 */
export type ContainsTest = (feature: County['feature'], lon: number, lat: number) => boolean;

/** Per ZIP row: centroid in 10^-5 degree, county and time zone indexes (or null). */
export interface ZipGeoRow {
  lat: number;
  lon: number;
  county: number | null;
  timeZone: number | null;
}

/** Per ZS entry: the point grid (cell sizes in 10^-5 degree, allowed cells as two 32-bit masks). */
export interface ZipGrid {
  cellLat: number;
  cellLon: number;
  low: number;
  high: number;
}

/** What the geo index holds, and the exceptions the build made. */
export interface ZipGeo {
  counties: { fips: string; name: string }[];
  timeZones: string[];
  rows: (ZipGeoRow | null)[];
  grids: ZipGrid[];
  /** Counts of each exception (see docs/generator.md, "Geography"). */
  exceptions: Record<string, number>;
}

/** Does the segment (x1,y1)-(x2,y2) meet the rectangle? (Liang-Barsky clipping.) */
export function segmentMeetsRect(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  west: number,
  south: number,
  east: number,
  north: number,
): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = x2 - x1;
  const dy = y2 - y1;
  const edges: [number, number][] = [
    [-dx, x1 - west],
    [dx, east - x1],
    [-dy, y1 - south],
    [dy, north - y1],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const t = q / p;
      if (p < 0) {
        if (t > t1) return false;
        if (t > t0) t0 = t;
      } else {
        if (t < t0) return false;
        if (t < t1) t1 = t;
      }
    }
  }
  return true;
}

/**
 * The grid of one ZIP: an 8 x 8 grid of cells centred on the centroid, each
 * cell allowed when it lies in the circle of radius `radiusKm`, its four
 * corners are inside the county polygon, no county boundary segment
 * crosses it (so all of it is inside), and its corners and centre have the
 * time zone `timeZone`. Every point
 * of an allowed cell is then inside the county and, but for a time zone
 * border that turns back inside the cell, in that zone.
 */
export function zipGrid(
  latU: number,
  lonU: number,
  radiusKm: number,
  county: County,
  timeZone: string,
  contains: ContainsTest = featureContains,
): ZipGrid {
  const cellLat = Math.max(1, Math.round((((2 * radiusKm) / KM_PER_DEGREE_LAT) * GEO_UNITS_PER_DEGREE) / GEO_GRID));
  const cellLon = Math.max(1, Math.round(cellLat / Math.cos((latU / GEO_UNITS_PER_DEGREE) * (Math.PI / 180))));
  const south = latU - HALF * cellLat;
  const west = lonU - HALF * cellLon;
  const deg = (units: number): number => units / GEO_UNITS_PER_DEGREE;
  const good = (lon: number, lat: number): boolean =>
    lat >= -90 &&
    lat <= 90 &&
    lon >= -180 &&
    lon <= 180 &&
    contains(county.feature, lon, lat) &&
    tzLookup(lat, lon) === timeZone;
  const corner: (boolean | undefined)[] = [];
  const cornerGood = (i: number, j: number): boolean =>
    (corner[i * (GEO_GRID + 1) + j] ??= good(deg(west + j * cellLon), deg(south + i * cellLat)));
  // Only the boundary segments near the grid can cross one of its cells.
  const [gw, gs, ge, gn] = [deg(west), deg(south), deg(west + GEO_GRID * cellLon), deg(south + GEO_GRID * cellLat)];
  const near: number[] = [];
  const s = county.segments;
  for (let k = 0; k < s.length; k += 4) {
    if (
      Math.max(s[k], s[k + 2]) >= gw &&
      Math.min(s[k], s[k + 2]) <= ge &&
      Math.max(s[k + 1], s[k + 3]) >= gs &&
      Math.min(s[k + 1], s[k + 3]) <= gn
    )
      near.push(k);
  }
  let low = 0;
  let high = 0;
  for (let i = 0; i < GEO_GRID; i++) {
    for (let j = 0; j < GEO_GRID; j++) {
      if ((i + 0.5 - HALF) ** 2 + (j + 0.5 - HALF) ** 2 > HALF * HALF) continue;
      if (!cornerGood(i, j) || !cornerGood(i + 1, j) || !cornerGood(i, j + 1) || !cornerGood(i + 1, j + 1)) continue;
      const [cw, cs, ce, cn] = [
        deg(west + j * cellLon),
        deg(south + i * cellLat),
        deg(west + (j + 1) * cellLon),
        deg(south + (i + 1) * cellLat),
      ];
      if (near.some((k) => segmentMeetsRect(s[k], s[k + 1], s[k + 2], s[k + 3], cw, cs, ce, cn))) continue;
      // Corners inside and no boundary crossing the cell: the whole cell is inside, so the centre needs only its time zone.
      if (tzLookup((cs + cn) / 2, (cw + ce) / 2) !== timeZone) continue;
      const bit = i * GEO_GRID + j;
      if (bit < 32) low = (low | (1 << bit)) >>> 0;
      else high = (high | (1 << (bit - 32))) >>> 0;
    }
  }
  return { cellLat, cellLon, low, high };
}

/** The radius of a ZIP's points: the radius of a disc of its land area (population / density), else the default. */
export function zipRadiusKm(population: number | null, density: number | null): number {
  if (!population || !density) return DEFAULT_RADIUS_KM;
  return Math.min(MAX_RADIUS_KM, Math.max(MIN_RADIUS_KM, Math.sqrt(population / density / Math.PI)));
}

/**
 * Compiles the geography of every ZIP: its county (SimpleMaps' county when
 * us-atlas has it, else the us-atlas county containing the centroid, else
 * the nearest of its state), its time zone (SimpleMaps', else the zone at
 * the centroid) and, for each residential ZIP in ZS order, its point grid.
 */
export function compileZipGeo(
  zips: ZipRecord[],
  states: StateRecord[],
  density: Map<string, number>,
  zsRows: ArrayLike<number>,
  counties: Map<string, County>,
  contains: ContainsTest = featureContains,
): ZipGeo {
  const exceptions: Record<string, number> = {};
  const count = (what: string): void => void (exceptions[what] = (exceptions[what] ?? 0) + 1);
  const stateFips = new Map(states.map((s) => [s.code, s.fips]));
  const byState = new Map<string, County[]>();
  for (const c of counties.values()) byState.set(c.fips.slice(0, 2), [...(byState.get(c.fips.slice(0, 2)) ?? []), c]);

  const countyOf = (z: ZipRecord): County | null => {
    const ownState = stateFips.get(z.state) ?? '';
    // SimpleMaps names a ZIP's main county, which for a ZIP across a state line can be in the other state
    // (42223, Fort Campbell KY: Montgomery County TN): a record's county is always one of its own state.
    const named = z.countyFips?.startsWith(ownState) ? z.countyFips : null;
    if (z.countyFips && named === null) count('county_in_another_state_replaced');
    if (named && counties.has(named)) return counties.get(named)!;
    const candidates = byState.get(ownState) ?? [];
    if (candidates.length === 0 || z.lat === null || z.lon === null) {
      count('no_county_polygon');
      return null;
    }
    const containing = candidates.find((c) => contains(c.feature, z.lon!, z.lat!));
    if (containing) {
      count(named ? 'county_not_in_us_atlas_replaced_by_containing' : 'county_from_containing_polygon');
      return containing;
    }
    count('county_nearest_polygon');
    const centre = (c: County): number =>
      ((c.bbox[0] + c.bbox[2]) / 2 - z.lon!) ** 2 + ((c.bbox[1] + c.bbox[3]) / 2 - z.lat!) ** 2;
    return [...candidates].sort((a, b) => centre(a) - centre(b) || byCodeUnit(a.fips, b.fips))[0];
  };

  // Military ZIPs (APO, FPO, DPO) have a post office somewhere abroad, not a place: no geography.
  const located = (z: ZipRecord): z is ZipRecord & { lat: number; lon: number } =>
    z.lat !== null && z.lon !== null && z.type !== 'military';
  const zipCounty = zips.map((z) => (located(z) ? countyOf(z) : null));
  const zipZone = zips.map((z) => (located(z) ? (z.timezone ?? tzLookup(z.lat, z.lon)) : null));
  const grids: ZipGrid[] = [];
  for (let e = 0; e < zsRows.length; e++) {
    const row = zsRows[e];
    const z = zips[row];
    const county = zipCounty[row];
    if (z.lat === null || z.lon === null || county === null) {
      count('grid_centroid_only');
      grids.push({ cellLat: 0, cellLon: 0, low: 0, high: 0 });
      continue;
    }
    const latU = Math.round(z.lat * GEO_UNITS_PER_DEGREE);
    const lonU = Math.round(z.lon * GEO_UNITS_PER_DEGREE);
    const radius = zipRadiusKm(z.population, density.get(z.zip) ?? null);
    const attempt = (zone: string): ZipGrid | null => {
      for (const step of RADIUS_STEPS) {
        const grid = zipGrid(latU, lonU, radius * step, county, zone, contains);
        if (grid.low !== 0 || grid.high !== 0) {
          if (step !== 1) count('grid_radius_changed');
          return grid;
        }
      }
      return null;
    };
    let grid = attempt(zipZone[row]!);
    if (!grid) {
      const atCentroid = tzLookup(z.lat, z.lon);
      if (atCentroid !== zipZone[row]) {
        grid = attempt(atCentroid);
        if (grid) {
          count('time_zone_from_point');
          zipZone[row] = atCentroid;
        }
      }
    }
    if (!grid) count('grid_centroid_only');
    grids.push(grid ?? { cellLat: 0, cellLon: 0, low: 0, high: 0 });
  }

  const countyList = [
    ...new Map(zipCounty.filter((c): c is County => c !== null).map((c) => [c.fips, c])).values(),
  ].sort((a, b) => byCodeUnit(a.fips, b.fips));
  const countyIndex = new Map(countyList.map((c, i) => [c.fips, i]));
  const timeZones = [...new Set(zipZone.filter((t): t is string => t !== null))].sort(byCodeUnit);
  const zoneIndex = new Map(timeZones.map((t, i) => [t, i]));
  const rows = zips.map((z, row): ZipGeoRow | null =>
    !located(z)
      ? null
      : {
          lat: Math.round(z.lat! * GEO_UNITS_PER_DEGREE),
          lon: Math.round(z.lon! * GEO_UNITS_PER_DEGREE),
          county: zipCounty[row] ? countyIndex.get(zipCounty[row]!.fips)! : null,
          timeZone: zipZone[row] === null ? null : zoneIndex.get(zipZone[row]!)!,
        },
  );
  return {
    counties: countyList.map((c) => ({ fips: c.fips, name: c.name })),
    timeZones,
    rows,
    grids,
    exceptions: Object.fromEntries(Object.entries(exceptions).sort(([a], [b]) => byCodeUnit(a, b))),
  };
}
