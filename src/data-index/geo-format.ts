/**
 * Constants of the geo index (`dist-data/ussynth-geo.idx`), shared by the
 * pipeline's writer and the library's reader: the same container as the
 * main index (docs/index-format.md), with its own sections.
 */

/** File name of the geo index next to the main index. */
export const GEO_INDEX_FILE = 'ussynth-geo.idx';

/** Coordinates are integers in units of 10^-5 degree (five decimals). */
export const GEO_UNITS_PER_DEGREE = 100_000;

/** Added to a latitude in units so that every stored value is positive (90 degrees). */
export const GEO_LAT_OFFSET = 9_000_000;

/** Added to a longitude in units so that every stored value is positive (180 degrees). */
export const GEO_LON_OFFSET = 18_000_000;

/** Cells per side of a ZIP's point grid (8 x 8 = 64 cells, two u32 bitmasks). */
export const GEO_GRID = 8;

/** Sections of the geo index, all required. */
export const GEO_SECTIONS = {
  STRD: { type: 'u8', what: 'UTF-8 bytes of every string (county names, time zones), concatenated' },
  STRL: { type: 'u8', what: 'length of each string in UTF-16 code units of the decoded STRD text' },
  GCFP: { type: 'u32', what: 'per county: five-digit county FIPS code as a number' },
  GCNM: { type: 'u32', what: 'per county: string id of its name' },
  GTZN: { type: 'u32', what: 'per time zone: string id of its IANA name' },
  GZLA: { type: 'u32', what: 'per ZIP row: centroid latitude x 10^5 + 9,000,000 (0: no coordinates)' },
  GZLO: { type: 'u32', what: 'per ZIP row: centroid longitude x 10^5 + 18,000,000' },
  GZCN: { type: 'u16', what: 'per ZIP row: county index, or the number of counties for none' },
  GZTZ: { type: 'u8', what: 'per ZIP row: time zone index, or the number of time zones for none' },
  GSCA: { type: 'u32', what: 'per ZS entry: cell height of its point grid, in 10^-5 degree' },
  GSCO: { type: 'u32', what: 'per ZS entry: cell width of its point grid, in 10^-5 degree' },
  GSGL: { type: 'u32', what: 'per ZS entry: grid cells 0..31 allowed for points (bit k: row k >> 3, column k & 7)' },
  GSGH: { type: 'u32', what: 'per ZS entry: grid cells 32..63 allowed for points' },
} as const;

/** Tag of a geo index section. */
export type GeoSectionTag = keyof typeof GEO_SECTIONS;
