import { aliasTable, type AliasTable } from '../data-index/alias-table.js';
import type { DataIndex, WeightedTable } from '../data-index/data-index.js';
import { GEO_GRID, GEO_LAT_OFFSET, GEO_LON_OFFSET, GEO_UNITS_PER_DEGREE } from '../data-index/geo-format.js';
import type { GeoIndex } from '../data-index/geo-index.js';
import type { RandomSource } from '../random/record-random.js';

/** Farthest a home may be from the workplace's point, in km (issue 49: "at most about 50 km"). */
export const COMMUTE_KM = 50;

/** Of 4 homes, how many are drawn in the workplace's county (the rest within {@link COMMUTE_KM}; docs/related-records.md). */
const SAME_COUNTY_OF_4 = 3;

/** Mean Earth radius (IUGG), km. */
const EARTH_KM = 6371.0088;
const TWO_32 = 4294967296;
const RADIANS = Math.PI / 180;
/** Workplace ZIPs whose neighbours are kept; past it the cache starts again (memory stays bounded over millions of companies). */
const NEARBY_CACHE = 4096;

/**
 * Great-circle distance in km between two points in degrees (haversine).
 * @example greatCircleKm(40.7128, -74.006, 40.7357, -74.1724) // about 14.2 (Manhattan to Newark)
 */
export function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLon = (lon2 - lon1) * RADIANS;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Where the homes of one workplace's employees are drawn from: its county's ZIPs and its neighbours (either may be null). */
export interface HomeSets {
  county: EntrySet | null;
  nearby: EntrySet | null;
}

const HOMES = new WeakMap<GeoIndex, WeakMap<DataIndex, CommuteHomes>>();

/**
 * The commuting-home picker of an index and its geo index, made once per pair (the API makes a generator per request).
 * @example commuteHomesOf(data, geo).around(data.zipRow(10001))
 */
export function commuteHomesOf(data: DataIndex, geo: GeoIndex): CommuteHomes {
  let byData = HOMES.get(geo);
  if (!byData) HOMES.set(geo, (byData = new WeakMap()));
  let homes = byData.get(data);
  if (!homes) byData.set(data, (homes = new CommuteHomes(data, geo)));
  return homes;
}

/** ZS entries with an alias table over their population weights. */
interface EntrySet {
  entries: Int32Array;
  alias: AliasTable;
}

/** Draws a member of a set in O(1), one 32-bit draw (as `pickColumn` does). */
function pickOf(set: EntrySet, random: RandomSource): number {
  const n = set.entries.length;
  const scaled = random.nextUint32() * n;
  const column = Math.floor(scaled / TWO_32);
  const kept = scaled - column * TWO_32 < set.alias.thresholds[column];
  return set.entries[kept ? column : set.alias.aliases[column]];
}

/**
 * Per column of a segment of an alias table, its probability within the
 * segment, recovered from the thresholds and aliases: a column's own share
 * of its cell plus what every other cell sends to it.
 */
function segmentShares(table: WeightedTable, offset: number, length: number, out: Float64Array, at: number): void {
  const cells = table.cells;
  for (let k = 0; k < length; k++) out[at + k] = 0;
  for (let k = 0; k < length; k++) {
    const threshold = cells[2 * (offset + k)];
    const alias = cells[2 * (offset + k) + 1];
    out[at + k] += threshold;
    if (alias !== k) out[at + alias] += TWO_32 - threshold;
  }
  for (let k = 0; k < length; k++) out[at + k] /= TWO_32 * length;
}

/**
 * Draws an employee's home ZIP (a ZS entry) near a workplace: with 3 chances
 * in 4 a residential ZIP of the workplace's county, by population; else a
 * residential ZIP whose centroid is within {@link COMMUTE_KM} of every point
 * the workplace's ZIP can have (its centroid's circle shrunk by the ZIP's
 * grid), by population, in any county or state. Population is the weight
 * addresses draw ZIPs with (per state, times the state's share). Per county
 * its set is made once; per workplace ZIP its neighbours are found on first
 * use (one pass over the ZIPs) and kept: a draw is then O(1).
 * @example new CommuteHomes(data, geo).home(zipRow, random) // a ZS entry of the same county or within 50 km
 */
export class CommuteHomes {
  /** Per ZS entry: its share of the population the addresses are drawn from. */
  private readonly weights: Float64Array;
  /** Per ZS entry: its state's index. */
  readonly entryStates: Uint8Array;
  /** Per ZS entry: its ZIP centroid in degrees. */
  private readonly lats: Float64Array;
  private readonly lons: Float64Array;
  /** Per ZS entry: its county (the geo index's). */
  private readonly counties: Uint16Array;
  private readonly byCounty = new Map<number, EntrySet | null>();
  private readonly nearby = new Map<number, EntrySet | null>();
  /** Per ZIP row its ZS entry, or -1. */
  private readonly entryOfRow: Int32Array;

  constructor(
    private readonly data: DataIndex,
    private readonly geo: GeoIndex,
  ) {
    const zips = data.table('ZS');
    const states = data.table('SS');
    const stateShares = new Float64Array(states.size);
    segmentShares(states, 0, states.size, stateShares, 0);
    const n = zips.size;
    this.weights = new Float64Array(n);
    this.entryStates = new Uint8Array(n);
    for (let column = 0; column < states.size; column++) {
      const state = data.states[states.items[column]];
      segmentShares(zips, state.zipOffset, state.zipCount, this.weights, state.zipOffset);
      for (let e = state.zipOffset; e < state.zipOffset + state.zipCount; e++) {
        this.weights[e] *= stateShares[column];
        this.entryStates[e] = state.index;
      }
    }
    // Territories are not in the default draw: their ZIPs keep their within-state share.
    for (const state of data.states) {
      if (state.zipCount === 0 || this.weights[state.zipOffset] > 0) continue;
      segmentShares(zips, state.zipOffset, state.zipCount, this.weights, state.zipOffset);
      for (let e = state.zipOffset; e < state.zipOffset + state.zipCount; e++) this.entryStates[e] = state.index;
    }
    this.entryOfRow = new Int32Array(data.zipCodes.length).fill(-1);
    for (let e = 0; e < n; e++) this.entryOfRow[zips.items[e]] = e;
    this.lats = new Float64Array(n);
    this.lons = new Float64Array(n);
    this.counties = new Uint16Array(n);
    for (let e = 0; e < n; e++) {
      const row = zips.items[e];
      this.lats[e] = (geo.zipLat[row] - GEO_LAT_OFFSET) / GEO_UNITS_PER_DEGREE;
      this.lons[e] = (geo.zipLon[row] - GEO_LON_OFFSET) / GEO_UNITS_PER_DEGREE;
      this.counties[e] = geo.zipCounty[row];
    }
  }

  /** The home sets of a workplace at ZIP row `row` (its county's; its neighbours within reach of every point of the ZIP). */
  around(row: number): HomeSets {
    const sets = { county: this.countySet(this.geo.zipCounty[row]), nearby: this.nearbySet(row) };
    if (!sets.county && !sets.nearby)
      throw new Error(`no residential ZIP within ${COMMUTE_KM} km of ZIP row ${row} or in its county`);
    return sets;
  }

  /** A home ZS entry from a workplace's sets: two draws of `random`. */
  home(sets: HomeSets, random: RandomSource): number {
    const inCounty = random.below(4) < SAME_COUNTY_OF_4;
    // One of the two sets may be empty (a county of business ZIPs only; a grid wider than the radius): the other serves.
    return pickOf((inCounty && sets.county) || sets.nearby || sets.county!, random);
  }

  /**
   * How far from its centroid a point of ZS entry `entry` can be, in km (its
   * grid's half-diagonal); 0 for a ZIP without a grid.
   */
  spreadKm(entry: number): number {
    if (entry < 0) return 0;
    const half = GEO_GRID / 2;
    const lat = this.lats[entry];
    const dLat = (half * this.geo.cellLat[entry]) / GEO_UNITS_PER_DEGREE;
    const dLon = (half * this.geo.cellLon[entry]) / GEO_UNITS_PER_DEGREE;
    // The corner farthest from the centroid, on the side nearer the pole (where a degree of longitude is shorter, the latitude term dominates).
    return Math.max(greatCircleKm(lat, 0, lat + dLat, dLon), greatCircleKm(lat, 0, lat - dLat, dLon));
  }

  /** The county of a ZS entry. */
  countyOf(entry: number): number {
    return this.counties[entry];
  }

  private countySet(county: number): EntrySet | null {
    let set = this.byCounty.get(county);
    if (set === undefined) {
      const entries: number[] = [];
      for (let e = 0; e < this.counties.length; e++)
        if (this.counties[e] === county && this.weights[e] > 0) entries.push(e);
      set = this.setOf(entries);
      this.byCounty.set(county, set);
    }
    return set;
  }

  private nearbySet(row: number): EntrySet | null {
    let set = this.nearby.get(row);
    if (set === undefined) {
      const spreadKm = this.spreadKm(this.entryOfRow[row]);
      const lat = (this.geo.zipLat[row] - GEO_LAT_OFFSET) / GEO_UNITS_PER_DEGREE;
      const lon = (this.geo.zipLon[row] - GEO_LON_OFFSET) / GEO_UNITS_PER_DEGREE;
      const radius = COMMUTE_KM - spreadKm;
      const entries: number[] = [];
      // A degree of latitude is at least 110.5 km: a cheap bound before the great circle.
      const latBound = radius / 110.5;
      if (this.geo.zipLat[row] !== 0 && radius > 0) {
        for (let e = 0; e < this.lats.length; e++) {
          if (Math.abs(this.lats[e] - lat) > latBound || !(this.weights[e] > 0)) continue;
          if (greatCircleKm(lat, lon, this.lats[e], this.lons[e]) <= radius) entries.push(e);
        }
      }
      set = this.setOf(entries);
      if (this.nearby.size >= NEARBY_CACHE) this.nearby.clear();
      this.nearby.set(row, set);
    }
    return set;
  }

  private setOf(entries: number[]): EntrySet | null {
    if (entries.length === 0) return null;
    return { entries: Int32Array.from(entries), alias: aliasTable(entries.map((e) => this.weights[e])) };
  }
}
