/**
 * Constants of the binary index format, shared by the pipeline's writer and
 * the library's reader. `docs/index-format.md` documents every value here;
 * a test fails when the two disagree.
 */

/** The eight bytes every index file starts with. */
export const INDEX_MAGIC = 'USSYNIDX';

/** Format version; bumped on any change to the layout below (2: ZIPs as a bitmap, phone places; 3: street forms and unit shares). */
export const INDEX_FORMAT_VERSION = 4;

/** Bytes before the section directory. */
export const HEADER_SIZE = 64;

/** Bytes of one section directory entry. */
export const DIRECTORY_ENTRY_SIZE = 16;

/** Every section starts on a multiple of this, so typed-array views need no copy. */
export const SECTION_ALIGNMENT = 8;

/** Bytes of the ZIP bitmap section ZPBM: one bit for each of the ZIPs 0..99999. */
export const ZIP_BITMAP_BYTES = 12_500;

/** Bytes reserved in the header for the ASCII dataset version. */
export const DATASET_VERSION_SIZE = 32;

/** Element types of sections, stored as one byte in the directory. */
export const ELEMENT_TYPES = { u8: 1, u16: 2, u32: 3 } as const;

/** Name of an element type. */
export type ElementType = keyof typeof ELEMENT_TYPES;

/** Byte width of each element type. */
export const ELEMENT_SIZES: Record<ElementType, number> = { u8: 1, u16: 2, u32: 4 };

/**
 * Kinds of state-level entity, stored per state. Freely associated states
 * (USPS codes FM, MH, PW) and military "states" (AA, AE, AP) have ZIPs but
 * no residential population in the sources: they exist for ZIP lookup only.
 */
export const STATE_KINDS = ['state', 'district', 'territory', 'freely_associated', 'military'] as const;

/** One of {@link STATE_KINDS}. */
export type StateKind = (typeof STATE_KINDS)[number];

/** ZIP types as the sources allow them to be approximated (see docs/data-schema.md). */
export const ZIP_TYPES = ['standard', 'po_box_or_unique', 'military'] as const;

/** One of {@link ZIP_TYPES}. */
export type ZipType = (typeof ZIP_TYPES)[number];

/**
 * Weighted tables, each stored as three sections `<id>IT` (items),
 * `<id>PR` (alias thresholds, u32) and `<id>AL` (alias columns).
 * `segmented` tables hold one alias table per state, located by the state
 * sections `STZO/STZN` (zips) and `STAO/STAN` (area codes); their alias
 * columns are local to the segment.
 */
export const WEIGHTED_TABLES = {
  SS: {
    items: 'state index',
    segmented: false,
    what: 'default state draw: 50 states and DC by residential population',
  },
  ZS: { items: 'ZIP row', segmented: true, what: 'residential ZIPs of a state by population' },
  AC: {
    items: 'area code',
    segmented: true,
    what: 'geographic area codes of a state by exchanges in service (estimated: docs/generator.md)',
  },
  SE: { items: 'sex (0 F, 1 M)', segmented: false, what: 'sex of a person, by SSA births' },
  FF: { items: 'string id', segmented: false, what: 'female first names by SSA births' },
  FM: { items: 'string id', segmented: false, what: 'male first names by SSA births' },
  SN: {
    items: 'string id',
    segmented: true,
    what: 'surnames in rank order, in two segments: the Census 2010 head (as long as SGNW; uniform cells, since the head is drawn through the groups, SGNW x SGPC) and the tail beyond it, by frequency',
  },
  SR: {
    items: 'surname group (0 white, 1 black, 2 api, 3 aian, 4 two or more, 5 hispanic)',
    segmented: true,
    what: "per state (segment: state index x 6, 6 entries): its population's shares of the surname groups (Census 2020 P2)",
  },
  HN: {
    items: 'digit count x 10 + first digit',
    segmented: false,
    what: 'number of digits and first digit of a house number',
  },
  DP: { items: 'string id', segmented: false, what: 'directional before the street name ("" for none)' },
  SB: { items: 'string id', segmented: false, what: 'street base names (named and numbered)' },
  SX: { items: 'string id', segmented: false, what: 'street suffix abbreviations (USPS Publication 28)' },
  UD: { items: 'string id', segmented: false, what: 'unit designators of home addresses' },
  NX: { items: 'string id', segmented: false, what: 'suffix abbreviations of numbered streets' },
  DQ: { items: 'string id', segmented: false, what: "DC's quadrant after the suffix" },
  PT: { items: 'string id', segmented: false, what: "Puerto Rico's street types (Calle, Ave)" },
  PB: { items: 'string id', segmented: false, what: "Puerto Rico's street names" },
} as const;

/** Id of one weighted table. */
export type WeightedTableId = keyof typeof WEIGHTED_TABLES;

/** Bytes of one area code's exchange bitmap in ACVX: a bit for each NXX 200..999. */
export const EXCHANGE_BITMAP_BYTES = 100;

/** Plain (non-weighted) sections. */
export const PLAIN_SECTIONS = {
  STRD: { type: 'u8', what: 'UTF-8 bytes of every string, concatenated' },
  STRL: {
    type: 'u8',
    what: 'length of each string in UTF-16 code units of the decoded STRD text; string i starts where i-1 ends',
  },
  STCD: { type: 'u32', what: 'per state: string id of the two-letter code' },
  STNM: { type: 'u32', what: 'per state: string id of the full name' },
  STFP: { type: 'u8', what: 'per state: FIPS code (0 where there is none: military and freely associated)' },
  STKD: { type: 'u8', what: 'per state: kind, an index into STATE_KINDS' },
  STZO: { type: 'u32', what: 'per state: first entry of its ZS segment' },
  STZN: { type: 'u32', what: 'per state: length of its ZS segment' },
  STAO: { type: 'u32', what: 'per state: first entry of its AC segment' },
  STAN: { type: 'u32', what: 'per state: length of its AC segment' },
  ZPBM: {
    type: 'u8',
    what: 'ZIP bitmap: bit z % 8 of byte floor(z / 8) is set when the ZIP z (0..99999) exists; ZIP rows are the set bits in ascending order',
  },
  ZPST: { type: 'u8', what: 'per ZIP: state index' },
  ZPCT: { type: 'u32', what: 'per ZIP: string id of the city' },
  ZPTY: { type: 'u8', what: 'per ZIP: type, an index into ZIP_TYPES' },
  EINP: { type: 'u8', what: 'valid IRS campus prefixes of an EIN, ascending' },
  ZSPL: {
    type: 'u16',
    what: 'per ZS entry: the phone place of that ZIP, or the number of phone places when its state has none',
  },
  PLEO: {
    type: 'u16',
    what: 'per phone place, then one more entry: first entry of its exchanges in PLEX (the last entry is the length of PLEX)',
  },
  PLEX: {
    type: 'u16',
    what: "per phone place, its exchanges: (position of the area code in the state's AC segment) x 800 + (NXX - 200)",
  },
  ACVX: {
    type: 'u8',
    what: 'per AC entry, 100 bytes: bit (NXX - 200) % 8 of byte (NXX - 200) / 8 is set when phones of that area code may use the exchange NXX (valid in libphonenumber-js max metadata, not of special use)',
  },
  ZSUN: { type: 'u16', what: 'per ZS entry: share of addresses with a unit in that ZIP, in 1/10,000' },
  SXUF: { type: 'u8', what: 'per SX column: factor on the unit share for streets with that suffix, in percent' },
  NXUF: {
    type: 'u8',
    what: 'per NX column: factor on the unit share for numbered streets with that suffix, in percent',
  },
  SGNW: {
    type: 'u32',
    what: 'per Census 2010 head name (the first SN columns): people per 100,000 x 100 (Smith 82819)',
  },
  SGPC: {
    type: 'u16',
    what: "per surname group (SR's order), per head name: its percentage in the group x 100 (the group's head weights are SGNW x SGPC)",
  },
  SGTL: {
    type: 'u32',
    what: "per surname group: its people beyond the head, in units of 10^4 of SGNW x SGPC (the tail's weight in the group's draw)",
  },
} as const satisfies Record<string, { type: ElementType; what: string }>;

/** Tag of a plain section. */
export type PlainSectionTag = keyof typeof PLAIN_SECTIONS;
