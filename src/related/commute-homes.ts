import { aliasTable, type AliasTable } from '../data-index/alias-table.js';
import type { DataIndex, WeightedTable } from '../data-index/data-index.js';
import { GEO_GRID, GEO_LAT_OFFSET, GEO_LON_OFFSET, GEO_UNITS_PER_DEGREE } from '../data-index/geo-format.js';
import type { GeoIndex } from '../data-index/geo-index.js';
import type { RandomSource } from '../random/record-random.js';

/**
 * Farthest a home's ZIP centroid may be from the workplace's point, in km, when it is in another county (issue 49: "at most about 50 km").
 * @example greatCircleKm(company.lat, company.lon, home.lat, home.lon) <= COMMUTE_KM // or the same county
 */
export const COMMUTE_KM = 50;

/** Of 4 homes, how many are drawn in the workplace's county (the rest within {@link COMMUTE_KM}; docs/related-records.md). */
const SAME_COUNTY_OF_4 = 3;

/** Mean Earth radius (IUGG), km. */
const EARTH_KM = 6371.0088;
const TWO_32 = 4294967296;
const RADIANS = Math.PI / 180;
/** Height and width of the cells ZIP centroids are filed in, degrees: 3 x 3 of them hold a 50 km circle around a point of the middle one (south of 60 degrees of latitude). */
const CELL_LAT = 0.5;
const CELL_LON = 1;
/** Draws from the cells around a workplace before a home of its county is taken instead. */
const NEAR_TRIES = 16;

/**
 * Great-circle distance in km between two points in degrees (haversine).
 * @example greatCircleKm(40.7128, -74.006, 40.7357, -74.1724) // about 14.25 (Manhattan to Newark)
 */
export function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLon = (lon2 - lon1) * RADIANS;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Where the homes of one workplace's employees are drawn from. */
export interface HomeSets {
  /** Its county's residential ZIPs. */
  county: EntrySet;
  /** The residential ZIPs of the 3 x 3 cells around its ZIP's centroid, or null (none). */
  block: Block | null;
  /** Its ZIP's centroid on the unit sphere, and the square of the longest chord to a home's centroid (its reach, at most 50 km of arc; negative: none). */
  x: number;
  y: number;
  z: number;
  chord: number;
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

/** The cells around a workplace: each cell's set, and their running sums of population. */
interface Block {
  cells: EntrySet[];
  sums: Float64Array;
}

/** ZS entries with an alias table over their population weights, and their sum. */
interface EntrySet {
  entries: Int32Array;
  alias: AliasTable;
  total: number;
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
 * grid), by population, in any county or state: drawn from the ZIPs of the
 * 3 x 3 cells of {@link CELL_LAT} x {@link CELL_LON} degrees around the workplace until one is in
 * the circle (at most {@link NEAR_TRIES} draws; then its county's). Population
 * is the weight addresses draw ZIPs with (per state, times the state's
 * share). A county's set and a cell's are made on first use, a draw is
 * O(1): a cell of the 9 by population, then a ZIP of it.
 * @example const homes = commuteHomesOf(data, geo); homes.home(homes.around(zipRow), random) // a ZS entry of the same county or within 50 km
 */
export class CommuteHomes {
  /** Per ZS entry: its share of the population the addresses are drawn from. */
  private readonly weights: Float64Array;
  /** Per ZS entry: its state's index. */
  readonly entryStates: Uint8Array;
  /** Per ZS entry: its ZIP centroid in degrees. */
  private readonly lats: Float64Array;
  private readonly lons: Float64Array;
  /** Per ZS entry: its centroid on the unit sphere, x y z side by side (a chord is compared, not an arc: no trigonometry per draw). */
  private readonly points: Float64Array;
  /** Per ZIP row its ZS entry, or -1. */
  private readonly entryOfRow: Int32Array;
  /** Per county: its residential ZS entries (with a weight and a centroid), ascending. */
  private readonly countyEntries = new Map<number, number[]>();
  private readonly byCounty = new Map<number, EntrySet>();
  /** Per cell (key: {@link cellKey}): its residential ZS entries, ascending. */
  private readonly cellEntries = new Map<number, number[]>();
  private readonly cells = new Map<number, EntrySet>();
  private readonly blocks = new Map<number, Block | null>();
  /** Per ZIP row: the home sets of a workplace there, made on first use (companies share ZIPs: a county has many). */
  private readonly setsOfRow = new Map<number, HomeSets>();

  constructor(
    data: DataIndex,
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
      for (let e = state.zipOffset; e < state.zipOffset + state.zipCount; e++) this.weights[e] *= stateShares[column];
    }
    for (const state of data.states) {
      if (state.zipCount === 0) continue;
      for (let e = state.zipOffset; e < state.zipOffset + state.zipCount; e++) this.entryStates[e] = state.index;
      // Territories are not in the default draw: their ZIPs keep their within-state share.
      if (!(this.weights[state.zipOffset] > 0))
        segmentShares(zips, state.zipOffset, state.zipCount, this.weights, state.zipOffset);
    }
    this.entryOfRow = new Int32Array(data.zipCodes.length).fill(-1);
    this.lats = new Float64Array(n);
    this.lons = new Float64Array(n);
    this.points = new Float64Array(3 * n);
    for (let e = 0; e < n; e++) {
      const row = zips.items[e];
      this.entryOfRow[row] = e;
      this.lats[e] = (geo.zipLat[row] - GEO_LAT_OFFSET) / GEO_UNITS_PER_DEGREE;
      this.lons[e] = (geo.zipLon[row] - GEO_LON_OFFSET) / GEO_UNITS_PER_DEGREE;
      unitPoint(this.lats[e], this.lons[e], this.points, 3 * e);
      if (!(this.weights[e] > 0) || geo.zipLat[row] === 0) continue;
      const county = geo.zipCounty[row];
      let inCounty = this.countyEntries.get(county);
      if (!inCounty) this.countyEntries.set(county, (inCounty = []));
      inCounty.push(e);
      const key = cellKey(this.lats[e], this.lons[e]);
      let inCell = this.cellEntries.get(key);
      if (!inCell) this.cellEntries.set(key, (inCell = []));
      inCell.push(e);
    }
  }

  /** The home sets of a workplace at ZIP row `row`, made once per row; throws if its county has no residential ZIP. */
  around(row: number): HomeSets {
    let sets = this.setsOfRow.get(row);
    if (!sets) this.setsOfRow.set(row, (sets = this.setsAround(row)));
    return sets;
  }

  /** The home sets of a workplace at ZIP row `row`, made anew (its county's and cells' sets made on their first use). */
  private setsAround(row: number): HomeSets {
    const county = this.geo.zipCounty[row];
    let inCounty = this.byCounty.get(county);
    if (!inCounty) {
      const entries = this.countyEntries.get(county);
      if (!entries) throw new RangeError(`ZIP row ${row}: its county has no residential ZIP`);
      this.byCounty.set(county, (inCounty = this.setOf(entries)));
    }
    const lat = (this.geo.zipLat[row] - GEO_LAT_OFFSET) / GEO_UNITS_PER_DEGREE;
    const lon = (this.geo.zipLon[row] - GEO_LON_OFFSET) / GEO_UNITS_PER_DEGREE;
    const key = cellKey(lat, lon);
    let block = this.blocks.get(key);
    if (block === undefined) {
      const cells: EntrySet[] = [];
      for (let dLat = -1; dLat <= 1; dLat++) {
        for (let dLon = -1; dLon <= 1; dLon++) {
          const cell = this.cellSet(key + dLat * 1000 + dLon);
          if (cell) cells.push(cell);
        }
      }
      const sums = new Float64Array(cells.length);
      for (let k = 0; k < cells.length; k++) sums[k] = (k > 0 ? sums[k - 1] : 0) + cells[k].total;
      this.blocks.set(key, (block = cells.length === 0 ? null : { cells, sums }));
    }
    const point = new Float64Array(3);
    unitPoint(lat, lon, point, 0);
    // The chord of an arc of radius km; a hair shorter, so that rounding never lets in a home past the arc.
    const radiusKm = COMMUTE_KM - this.spreadKm(this.entryOfRow[row]);
    const chord = 2 * Math.sin(radiusKm / (2 * EARTH_KM)) * (1 - 1e-9);
    // A ZIP wider than the reach: no home but the county's.
    return { county: inCounty, block, x: point[0], y: point[1], z: point[2], chord: radiusKm > 0 ? chord * chord : -1 };
  }

  /** A home ZS entry from a workplace's sets: 2 to {@link NEAR_TRIES} + 1 draws of `random`. */
  home(sets: HomeSets, random: RandomSource): number {
    if (random.below(4) >= SAME_COUNTY_OF_4 && sets.block !== null) {
      const points = this.points;
      const { cells, sums } = sets.block;
      for (let k = 0; k < NEAR_TRIES; k++) {
        // A cell by its population, then a ZIP of it by its own.
        const u = (random.nextUint32() / TWO_32) * sums[sums.length - 1];
        let c = 0;
        while (c < sums.length - 1 && u >= sums[c]) c++;
        const e = pickOf(cells[c], random);
        const dx = points[3 * e] - sets.x;
        const dy = points[3 * e + 1] - sets.y;
        const dz = points[3 * e + 2] - sets.z;
        if (dx * dx + dy * dy + dz * dz <= sets.chord) return e;
      }
    }
    return pickOf(sets.county, random);
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
    // The corner farther from the equator or the nearer: the larger of the two.
    return Math.max(greatCircleKm(lat, 0, lat + dLat, dLon), greatCircleKm(lat, 0, lat - dLat, dLon));
  }

  /** The set of the cell at `key`, made on first use; undefined for a cell without residential ZIPs. */
  private cellSet(key: number): EntrySet | undefined {
    let cell = this.cells.get(key);
    if (!cell) {
      const entries = this.cellEntries.get(key);
      if (!entries) return undefined;
      this.cells.set(key, (cell = this.setOf(entries)));
    }
    return cell;
  }

  private setOf(entries: number[]): EntrySet {
    const weights = entries.map((e) => this.weights[e]);
    return {
      entries: Int32Array.from(entries),
      alias: aliasTable(weights),
      total: weights.reduce((a, b) => a + b, 0),
    };
  }
}

/** Writes the point at `lat`, `lon` (degrees) on the unit sphere into `out` at `at`. */
function unitPoint(lat: number, lon: number, out: Float64Array, at: number): void {
  const cosLat = Math.cos(lat * RADIANS);
  out[at] = cosLat * Math.cos(lon * RADIANS);
  out[at + 1] = cosLat * Math.sin(lon * RADIANS);
  out[at + 2] = Math.sin(lat * RADIANS);
}

/** The key of the cell of a point: its row x 1000 + its column. */
function cellKey(lat: number, lon: number): number {
  return Math.floor((lat + 90) / CELL_LAT) * 1000 + Math.floor((lon + 180) / CELL_LON);
}
