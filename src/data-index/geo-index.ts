import { UssynthError } from '../errors.js';
import { emptyCache } from './data-index.js';
import { GEO_SECTIONS, type GeoSectionTag } from './geo-format.js';
import { readIndex, type SectionArray } from './read-index.js';

function invalid(message: string): never {
  throw new UssynthError('invalid_index_file', `Invalid ussynth geo index: ${message}`);
}

/**
 * The geo index (`dist-data/ussynth-geo.idx`): per ZIP its centroid, county
 * and time zone, per residential ZIP the grid its generated points are drawn
 * from. A separate file, read only when `geo` is asked for, so that the main
 * index and the demo's first load stay as they are.
 * @example const geo = GeoIndex.fromBytes(fs.readFileSync('dist-data/ussynth-geo.idx'))
 */
export class GeoIndex {
  /** Version of the compiled data; must equal the main index's. */
  readonly datasetVersion: string;
  /** Per county: FIPS as a number. */
  readonly countyFips: Uint32Array;
  /** Per county: its name. */
  readonly countyNames: readonly string[];
  /** Per time zone: its IANA name. */
  readonly timeZones: readonly string[];
  /** Per ZIP row: centroid latitude in 10^-5 degree, offset by 90 degrees (0: none). */
  readonly zipLat: Uint32Array;
  /** Per ZIP row: centroid longitude in 10^-5 degree, offset by 180 degrees. */
  readonly zipLon: Uint32Array;
  /** Per ZIP row: county index (countyFips.length: none). */
  readonly zipCounty: Uint16Array;
  /** Per ZIP row: time zone index (timeZones.length: none). */
  readonly zipTimeZone: Uint8Array;
  /** Per ZS entry: cell height in 10^-5 degree. */
  readonly cellLat: Uint32Array;
  /** Per ZS entry: cell width in 10^-5 degree. */
  readonly cellLon: Uint32Array;
  /** Per ZS entry: allowed cells 0..31. */
  readonly gridLow: Uint32Array;
  /** Per ZS entry: allowed cells 32..63. */
  readonly gridHigh: Uint32Array;
  private readonly fipsTexts: (string | null)[];

  private constructor(bytes: ArrayBuffer | Uint8Array) {
    const raw = readIndex(bytes);
    const section = (tag: GeoSectionTag): SectionArray => raw.sections.get(tag) ?? invalid(`missing section ${tag}`);
    for (const tag of Object.keys(GEO_SECTIONS) as GeoSectionTag[]) section(tag);
    this.datasetVersion = raw.datasetVersion;
    const text = new TextDecoder('utf-8', { fatal: true }).decode(section('STRD'));
    const lengths = section('STRL');
    const strings: string[] = [];
    let at = 0;
    for (const length of lengths) strings.push(text.slice(at, (at += length)));
    if (at !== text.length) invalid('string lengths do not add up to the string data');
    const string = (id: number): string => strings[id] ?? invalid(`string id ${id} out of range`);
    this.countyFips = new Uint32Array(section('GCFP'));
    this.countyNames = Array.from(section('GCNM'), string);
    this.timeZones = Array.from(section('GTZN'), string);
    this.zipLat = new Uint32Array(section('GZLA'));
    this.zipLon = new Uint32Array(section('GZLO'));
    this.zipCounty = new Uint16Array(section('GZCN'));
    this.zipTimeZone = new Uint8Array(section('GZTZ'));
    this.cellLat = new Uint32Array(section('GSCA'));
    this.cellLon = new Uint32Array(section('GSCO'));
    this.gridLow = new Uint32Array(section('GSGL'));
    this.gridHigh = new Uint32Array(section('GSGH'));
    const rows = this.zipLat.length;
    if (
      this.countyFips.length !== this.countyNames.length ||
      [this.zipLon, this.zipCounty, this.zipTimeZone].some((a) => a.length !== rows)
    ) {
      invalid('per-county or per-ZIP sections of unequal length');
    }
    const entries = this.cellLat.length;
    if ([this.cellLon, this.gridLow, this.gridHigh].some((a) => a.length !== entries))
      invalid('per-ZS-entry sections of unequal length');
    this.fipsTexts = emptyCache(this.countyFips.length);
  }

  /**
   * Reads and validates a geo index file's bytes.
   * @example const geo = GeoIndex.fromBytes(await (await fetch('ussynth-geo.idx')).arrayBuffer())
   */
  static fromBytes(bytes: ArrayBuffer | Uint8Array): GeoIndex {
    return new GeoIndex(bytes);
  }

  /** A county's FIPS code as five digits, e.g. "17031". */
  countyFipsText(county: number): string {
    return this.fipsTexts[county] ?? (this.fipsTexts[county] = String(this.countyFips[county]).padStart(5, '0'));
  }
}
