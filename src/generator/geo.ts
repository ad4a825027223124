import type { DataIndex } from '../data-index/data-index.js';
import { GEO_GRID, GEO_LAT_OFFSET, GEO_LON_OFFSET, GEO_UNITS_PER_DEGREE } from '../data-index/geo-format.js';
import type { GeoIndex } from '../data-index/geo-index.js';
import { UssynthError } from '../errors.js';
import { RecordRandom } from '../random/record-random.js';
import type { GeoFields, ZipGeoFields } from '../types.js';

// Its own stream id (the kind in the high byte, as the address and phone streams): the point's draws shift nothing else.
const GEO_STREAM = 3 << 8;

/** Set bits of a 32-bit mask (the usual SWAR population count: pairs, nibbles, then a multiply sums the bytes). */
function bitCount(bits: number): number {
  let b = bits - ((bits >>> 1) & 0x55555555);
  b = (b & 0x33333333) + ((b >>> 2) & 0x33333333);
  return Math.imul((b + (b >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Per byte value: its set bits. */
const BYTE_BITS = Uint8Array.from({ length: 256 }, (_, byte) => bitCount(byte));

/** Per byte value and k (byte x 8 + k): the position of its k-th (0-based) set bit. */
const BYTE_NTH = new Uint8Array(256 * 8);
for (let byte = 0; byte < 256; byte++) {
  for (let bit = 0, k = 0; bit < 8; bit++) if (byte & (1 << bit)) BYTE_NTH[byte * 8 + k++] = bit;
}

/**
 * Position of the k-th (0-based) set bit of a 32-bit mask (k below its
 * set bits): byte by byte from the low end with two small tables, at most
 * four steps (clearing the low set bit k times took about 300 instructions
 * a geo record; docs/benchmarks.md).
 * @example nthBit(0b10110, 1) // 2
 */
export function nthBit(bits: number, k: number): number {
  let rest = bits;
  let at = 0;
  let byte = rest & 0xff;
  while (k >= BYTE_BITS[byte]) {
    k -= BYTE_BITS[byte];
    rest >>>= 8;
    at += 8;
    byte = rest & 0xff;
  }
  return at + BYTE_NTH[byte * 8 + k];
}

/** Words per ZS entry in {@link entryRecords}. */
const ENTRY_WORDS = 8;
const LAT = 0,
  LON = 1,
  LOW = 2,
  HIGH = 3,
  CELL_LAT = 4,
  CELL_LON = 5,
  COUNTY = 6,
  ZONE = 7;

// Per geo index, per main index (a geo index is checked against the index it is used with).
const ENTRIES = new WeakMap<GeoIndex, WeakMap<DataIndex, Uint32Array>>();

/**
 * What a point needs of each ZS entry (its ZIP row's centroid, county and
 * time zone; its grid and cell size), side by side, made once per geo index:
 * a record reads one or two cache lines instead of eight typed arrays at a
 * random position (docs/benchmarks.md).
 */
function entryRecords(data: DataIndex, geo: GeoIndex): Uint32Array {
  let byData = ENTRIES.get(geo);
  if (!byData) ENTRIES.set(geo, (byData = new WeakMap()));
  let records = byData.get(data);
  if (!records) {
    const items = data.table('ZS').items;
    records = new Uint32Array(items.length * ENTRY_WORDS);
    for (let e = 0; e < items.length; e++) {
      const row = items[e];
      const at = e * ENTRY_WORDS;
      records[at + LAT] = geo.zipLat[row];
      records[at + LON] = geo.zipLon[row];
      records[at + LOW] = geo.gridLow[e];
      records[at + HIGH] = geo.gridHigh[e];
      records[at + CELL_LAT] = geo.cellLat[e];
      records[at + CELL_LON] = geo.cellLon[e];
      records[at + COUNTY] = geo.zipCounty[row];
      records[at + ZONE] = geo.zipTimeZone[row];
    }
    byData.set(data, records);
  }
  return records;
}

const ROW_ENTRIES = new WeakMap<DataIndex, Int32Array>();

/** Per ZIP row its ZS entry, or -1; made once per index. */
function entriesOfRows(data: DataIndex): Int32Array {
  let entries = ROW_ENTRIES.get(data);
  if (!entries) {
    entries = new Int32Array(data.zipCodes.length).fill(-1);
    const items = data.table('ZS').items;
    for (let e = 0; e < items.length; e++) entries[items[e]] = e;
    ROW_ENTRIES.set(data, entries);
  }
  return entries;
}

/**
 * Checks that a geo index belongs to a main index: same dataset version,
 * one row per ZIP and one grid per residential ZIP.
 * @example checkGeoIndex(data, geo) // throws invalid_index_file when they differ
 */
export function checkGeoIndex(data: DataIndex, geo: GeoIndex): GeoIndex {
  if (
    geo.datasetVersion !== data.datasetVersion ||
    geo.zipLat.length !== data.zipCodes.length ||
    geo.cellLat.length !== data.table('ZS').size
  ) {
    throw new UssynthError(
      'invalid_index_file',
      `Invalid ussynth geo index: it is for dataset ${geo.datasetVersion} with ${geo.zipLat.length} ZIPs, the index is ${data.datasetVersion} with ${data.zipCodes.length}`,
    );
  }
  return geo;
}

/**
 * Makes the geographic fields of addresses and ZIP lookups. An address's
 * point is drawn from its ZIP's grid (docs/generator.md, "Geography"): a
 * uniform allowed cell, then a uniform point in it, in whole 10^-5 degrees,
 * with integer arithmetic only, so every platform gives the same digits.
 * @example new GeoMaker(data, geo, key).address(0, 1, entry) // { lat: 41.88, lon: -87.63, county: 'Cook', countyFips: '17031', timeZone: 'America/Chicago' }
 */
export class GeoMaker {
  private readonly random: RecordRandom;
  // ZS entry of each ZIP row (-1: not residential); each residential ZIP is in one state's segment.
  private readonly entryOfRow: Int32Array;
  private readonly records: Uint32Array;
  /** Per county: its five-digit FIPS code, made once per maker (a few thousand strings) so a record reads it straight. */
  private readonly fipsTexts: readonly string[];
  /** The point's fields, as the last {@link drawPoint} made them (read them before the next). */
  lat = 0;
  lon = 0;
  county = '';
  countyFips = '';
  timeZone = '';

  constructor(
    private readonly data: DataIndex,
    private readonly geo: GeoIndex,
    key: Uint32Array,
  ) {
    this.random = new RecordRandom(key);
    this.entryOfRow = entriesOfRows(data);
    this.records = entryRecords(data, geo);
    this.fipsTexts = Array.from(geo.countyNames, (_, county) => geo.countyFipsText(county));
  }

  /** The five fields of address `index` of the stream for state `stateKey` (index + 1, 0 for the default draw), whose ZIP is `zip` (a residential ZIP). */
  address(index: number, stateKey: number, zip: string): GeoFields {
    return this.point(index, stateKey, this.entryOfRow[this.data.zipRow(Number(zip))]);
  }

  /** {@link address} for an address whose ZIP is ZS entry `entry` (as the record drew it: no ZIP text to look up). */
  point(index: number, stateKey: number, entry: number): GeoFields {
    this.drawPoint(index, stateKey, entry);
    return { lat: this.lat, lon: this.lon, county: this.county, countyFips: this.countyFips, timeZone: this.timeZone };
  }

  /**
   * Makes {@link point}'s five fields into this maker's own fields: a geo
   * record copies them straight into itself, without a five-field object
   * of its own per record (docs/benchmarks.md).
   */
  drawPoint(index: number, stateKey: number, entry: number): void {
    const { geo, random, records } = this;
    const at = entry * ENTRY_WORDS;
    let lat = records[at + LAT];
    let lon = records[at + LON];
    const low = records[at + LOW];
    const high = records[at + HIGH];
    const inLow = bitCount(low);
    const cells = inLow + bitCount(high);
    if (cells > 0) {
      random.reset(GEO_STREAM + stateKey, index);
      const k = random.below(cells);
      const bit = k < inLow ? nthBit(low, k) : 32 + nthBit(high, k - inLow);
      const cellLat = records[at + CELL_LAT];
      const cellLon = records[at + CELL_LON];
      const half = GEO_GRID / 2;
      lat += (Math.floor(bit / GEO_GRID) - half) * cellLat + random.below(cellLat);
      lon += ((bit % GEO_GRID) - half) * cellLon + random.below(cellLon);
    }
    const county = records[at + COUNTY];
    this.lat = (lat - GEO_LAT_OFFSET) / GEO_UNITS_PER_DEGREE;
    this.lon = (lon - GEO_LON_OFFSET) / GEO_UNITS_PER_DEGREE;
    this.county = geo.countyNames[county];
    this.countyFips = this.fipsTexts[county];
    this.timeZone = geo.timeZones[records[at + ZONE]];
  }

  /** The five fields of a ZIP (its centroid), each null where the data has none (military ZIPs). */
  zip(row: number): ZipGeoFields {
    const { geo } = this;
    const has = geo.zipLat[row] !== 0;
    const county = geo.zipCounty[row];
    const zone = geo.zipTimeZone[row];
    return {
      lat: has ? (geo.zipLat[row] - GEO_LAT_OFFSET) / GEO_UNITS_PER_DEGREE : null,
      lon: has ? (geo.zipLon[row] - GEO_LON_OFFSET) / GEO_UNITS_PER_DEGREE : null,
      county: county < geo.countyNames.length ? geo.countyNames[county] : null,
      countyFips: county < geo.countyNames.length ? geo.countyFipsText(county) : null,
      timeZone: zone < geo.timeZones.length ? geo.timeZones[zone] : null,
    };
  }
}
