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
  return (Math.imul((b + (b >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** Position of the k-th (0-based) set bit of a 32-bit mask. */
function nthBit(bits: number, k: number): number {
  let b = bits;
  for (let i = 0; i < k; i++) b &= b - 1;
  return 31 - Math.clz32(b & -b);
}

const ENTRIES = new WeakMap<DataIndex, Int32Array>();

/** Per ZIP row its ZS entry, or -1; made once per index. */
function entriesOfRows(data: DataIndex): Int32Array {
  let entries = ENTRIES.get(data);
  if (!entries) {
    entries = new Int32Array(data.zipCodes.length).fill(-1);
    const items = data.table('ZS').items;
    for (let e = 0; e < items.length; e++) entries[items[e]] = e;
    ENTRIES.set(data, entries);
  }
  return entries;
}

/**
 * Checks that a geo index belongs to a main index: same dataset version,
 * one row per ZIP and one grid per residential ZIP.
 * @example checkGeoIndex(data, geo) // throws invalid_index_file when they differ
 */
export function checkGeoIndex(data: DataIndex, geo: GeoIndex): GeoIndex {
  if (geo.datasetVersion !== data.datasetVersion || geo.zipLat.length !== data.zipCodes.length || geo.cellLat.length !== data.table('ZS').size) {
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

  constructor(
    private readonly data: DataIndex,
    private readonly geo: GeoIndex,
    key: Uint32Array,
  ) {
    this.random = new RecordRandom(key);
    this.entryOfRow = entriesOfRows(data);
  }

  /** The five fields of address `index` of the stream for state `stateKey` (index + 1, 0 for the default draw), whose ZIP is `zip` (a residential ZIP). */
  address(index: number, stateKey: number, zip: string): GeoFields {
    const row = this.data.zipRow(Number(zip));
    return this.point(index, stateKey, this.entryOfRow[row], row);
  }

  /** {@link address} for an address whose ZIP is ZS entry `entry`, ZIP row `row` (as the record drew it: no ZIP text to look up). */
  point(index: number, stateKey: number, entry: number, row: number): GeoFields {
    const { geo, random } = this;
    let lat = geo.zipLat[row];
    let lon = geo.zipLon[row];
    const low = geo.gridLow[entry];
    const high = geo.gridHigh[entry];
    const inLow = bitCount(low);
    const cells = inLow + bitCount(high);
    if (cells > 0) {
      random.reset(GEO_STREAM + stateKey, index);
      const k = random.below(cells);
      const bit = k < inLow ? nthBit(low, k) : 32 + nthBit(high, k - inLow);
      const cellLat = geo.cellLat[entry];
      const cellLon = geo.cellLon[entry];
      const half = GEO_GRID / 2;
      lat += (Math.floor(bit / GEO_GRID) - half) * cellLat + random.below(cellLat);
      lon += ((bit % GEO_GRID) - half) * cellLon + random.below(cellLon);
    }
    const county = geo.zipCounty[row];
    return {
      lat: (lat - GEO_LAT_OFFSET) / GEO_UNITS_PER_DEGREE,
      lon: (lon - GEO_LON_OFFSET) / GEO_UNITS_PER_DEGREE,
      county: geo.countyNames[county],
      countyFips: geo.countyFipsText(county),
      timeZone: geo.timeZones[geo.zipTimeZone[row]],
    };
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
