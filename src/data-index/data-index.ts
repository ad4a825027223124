import { UssynthError } from '../errors.js';
import {
  EXCHANGE_BITMAP_BYTES,
  PLAIN_SECTIONS,
  STATE_KINDS,
  WEIGHTED_TABLES,
  ZIP_BITMAP_BYTES,
  ZIP_TYPES,
  type ElementType,
  type PlainSectionTag,
  type StateKind,
  type WeightedTableId,
  type ZipType,
} from './format.js';
import { readIndex, type SectionArray } from './read-index.js';

// The typed array each element type is read into.
const ARRAY_OF: Record<ElementType, typeof Uint8Array | typeof Uint16Array | typeof Uint32Array> = {
  u8: Uint8Array,
  u16: Uint16Array,
  u32: Uint32Array,
};

/**
 * A Walker alias table: pick column j uniformly, keep it if a draw is below
 * its threshold, else take its alias column.
 */
export interface WeightedTable {
  /** Number of columns. */
  size: number;
  /** Threshold and alias of column j at 2j and 2j+1: one cache line per draw. */
  cells: Uint32Array;
  /** What each column stands for (a string id, a row, a code). */
  items: Uint32Array;
  /** Text of each column's item for string tables, resolved on first use. */
  texts: (string | null)[];
}

/** A state, DC, territory or military pseudo-state as the index stores it. */
export interface IndexState {
  /** Position in the index's state list (sorted by code). */
  index: number;
  /** Two-letter code, e.g. "NY". */
  code: string;
  /** Full name, e.g. "New York". */
  name: string;
  /** FIPS code (0 for military codes). */
  fips: number;
  /** Kind of entity. */
  kind: StateKind;
  /** First entry of the state's residential ZIP segment. */
  zipOffset: number;
  /** Number of residential ZIPs (0: no address can be generated here). */
  zipCount: number;
  /** First entry of the state's area-code segment. */
  areaCodeOffset: number;
  /** Number of geographic area codes. */
  areaCodeCount: number;
}

const NO_ROW = 0xffff_ffff;

/**
 * An array of `length` nulls to fill lazily (V8 keeps `fill`ed arrays in
 * fast elements, and creates them far faster than pushing).
 * @example const cache = emptyCache<string>(3) // [null, null, null]
 */
export function emptyCache<T>(length: number): (T | null)[] {
  return new Array<T | null>(length).fill(null);
}

function lazyStrings(text: string, lengths: SectionArray): (id: number) => string {
  const offsets = new Uint32Array(lengths.length + 1);
  for (let i = 0; i < lengths.length; i++) offsets[i + 1] = offsets[i] + lengths[i];
  if (offsets[lengths.length] !== text.length) {
    throw new UssynthError(
      'invalid_index_file',
      'Invalid ussynth index: string lengths do not add up to the string data',
    );
  }
  const cache = emptyCache<string>(lengths.length);
  return (id) => cache[id] ?? (cache[id] = text.slice(offsets[id], offsets[id + 1]));
}

/** The ZIPs whose bits are set in the ZPBM bitmap, ascending. */
function zipCodesOf(bitmap: SectionArray): Uint32Array {
  if (bitmap.length !== ZIP_BITMAP_BYTES)
    throw new UssynthError(
      'invalid_index_file',
      `Invalid ussynth index: the ZIP bitmap must have ${ZIP_BITMAP_BYTES} bytes`,
    );
  let count = 0;
  for (let byte = 0; byte < bitmap.length; byte++) for (let bits = bitmap[byte]; bits !== 0; bits &= bits - 1) count++;
  const zips = new Uint32Array(count);
  let row = 0;
  // Set bits only, lowest first: 31 - clz32(lowest bit) is its position.
  for (let byte = 0; byte < bitmap.length; byte++) {
    for (let bits = bitmap[byte]; bits !== 0; bits &= bits - 1) zips[row++] = 8 * byte + 31 - Math.clz32(bits & -bits);
  }
  return zips;
}

/**
 * The compiled dataset, read from the binary index: strings, states, the ZIP
 * table and the weighted sampling tables the generator draws from.
 * @example const data = DataIndex.fromBytes(fs.readFileSync('dist-data/ussynth.idx'))
 */
export class DataIndex {
  /** Version of the compiled data. */
  readonly datasetVersion: string;
  /** States sorted by code. */
  readonly states: readonly IndexState[];
  /** Returns the string with the given id. */
  readonly string: (id: number) => string;
  /** ZIP codes as integers, ascending (row r is the r-th ZIP). */
  readonly zipCodes: Uint32Array;
  /** State index per ZIP row. */
  readonly zipStates: Uint8Array;
  /** City string id per ZIP row. */
  readonly zipCities: Uint32Array;
  /** Type per ZIP row, an index into ZIP_TYPES. */
  readonly zipTypes: Uint8Array;
  /** The area-code table (AC), read on every phone. */
  readonly areaCodes: WeightedTable;
  /** Valid EIN campus prefixes. */
  readonly einPrefixes: Uint8Array;
  /** Per ZS entry (a residential ZIP of a state's segment): its phone place, or `phonePlaceCount` for none. */
  readonly zipPhonePlaces: Uint16Array;
  /** Number of phone places. */
  readonly phonePlaceCount: number;
  /** Per phone place, and one more: first entry of its exchanges in `placeExchanges`. */
  readonly placeExchangeStarts: Uint16Array;
  /** Exchanges of each phone place: (position of the area code in its state's AC segment) x 800 + (NXX - 200). */
  readonly placeExchanges: Uint16Array;
  /** Per Census 2010 head name (SN columns 0..n-1): people per 100,000 x 100 (SGNW). */
  readonly surnameHeadWeights: Uint32Array;
  /** Per surname group, per head name: its percentage in the group x 100 (SGPC). */
  readonly surnameGroupPercents: Uint16Array;
  /** Per surname group: its people beyond the head, in units of 10^4 of SGNW x SGPC (SGTL). */
  readonly surnameGroupTails: Uint32Array;
  /** Per AC entry, {@link EXCHANGE_BITMAP_BYTES} bytes: bit NXX - 200 set for each exchange its phones may use (ACVX). */
  readonly areaCodeExchanges: Uint8Array;
  /** Per ZS entry: the share of its addresses with a unit, in 1/10,000. */
  readonly zipUnitShares: Uint16Array;
  /** Per SX column: the unit factor of streets with that suffix, in percent. */
  readonly suffixUnitFactors: Uint8Array;
  /** Per NX column: the unit factor of numbered streets with that suffix, in percent. */
  readonly numberedUnitFactors: Uint8Array;
  private readonly stateByCode: Map<string, IndexState>;
  private readonly text: string;
  private plain: boolean | undefined;
  private readonly zipTexts: (string | null)[];
  private readonly rowByZip: Uint32Array;
  /** Each table's sections (items, thresholds, aliases), checked on load. */
  private readonly tableSections: Map<
    WeightedTableId,
    { items: SectionArray; thresholds: Uint32Array; aliases: SectionArray }
  >;
  /** Tables built so far. */
  private readonly tables = new Map<WeightedTableId, WeightedTable>();

  private constructor(bytes: ArrayBuffer | Uint8Array) {
    const raw = readIndex(bytes);
    const section = (tag: string): SectionArray => {
      const found = raw.sections.get(tag);
      if (!found) throw new UssynthError('invalid_index_file', `Invalid ussynth index: missing section ${tag}`);
      return found;
    };
    // Every plain section present, with the element type the format gives it (the casts below rely on it).
    for (const [tag, { type }] of Object.entries(PLAIN_SECTIONS) as [PlainSectionTag, { type: ElementType }][]) {
      if (!(section(tag) instanceof ARRAY_OF[type]))
        throw new UssynthError('invalid_index_file', `Invalid ussynth index: section ${tag} must be ${type}`);
    }
    this.datasetVersion = raw.datasetVersion;
    const text = new TextDecoder('utf-8', { fatal: true }).decode(section('STRD'));
    this.string = lazyStrings(text, section('STRL'));
    this.text = text;

    // Every table's columns checked now; a table's cells are built on its first use (a ZIP lookup needs none of them).
    this.tableSections = new Map();
    for (const id of Object.keys(WEIGHTED_TABLES) as WeightedTableId[]) {
      const items = section(`${id}IT`);
      const thresholds = section(`${id}PR`) as Uint32Array;
      const aliases = section(`${id}AL`);
      if (items.length !== thresholds.length || items.length !== aliases.length) {
        throw new UssynthError(
          'invalid_index_file',
          `Invalid ussynth index: table ${id} has columns of unequal length`,
        );
      }
      this.tableSections.set(id, { items, thresholds, aliases });
    }

    this.areaCodes = this.table('AC');
    const codes = section('STCD');
    const names = section('STNM');
    const fips = section('STFP');
    const kinds = section('STKD');
    const [zo, zn, ao, an] = ['STZO', 'STZN', 'STAO', 'STAN'].map(section);
    const states: IndexState[] = [];
    for (let i = 0; i < codes.length; i++) {
      states.push({
        index: i,
        code: this.string(codes[i]),
        name: this.string(names[i]),
        fips: fips[i],
        kind: STATE_KINDS[kinds[i]],
        zipOffset: zo[i],
        zipCount: zn[i],
        areaCodeOffset: ao[i],
        areaCodeCount: an[i],
      });
    }
    this.states = states;
    this.stateByCode = new Map(states.map((s) => [s.code, s]));

    this.zipCodes = zipCodesOf(section('ZPBM'));
    this.zipStates = section('ZPST') as Uint8Array;
    this.zipCities = new Uint32Array(section('ZPCT'));
    this.zipTypes = section('ZPTY') as Uint8Array;
    this.einPrefixes = section('EINP') as Uint8Array;
    this.zipPhonePlaces = section('ZSPL') as Uint16Array;
    this.placeExchangeStarts = section('PLEO') as Uint16Array;
    this.placeExchanges = section('PLEX') as Uint16Array;
    this.phonePlaceCount = this.placeExchangeStarts.length - 1;
    if (
      this.zipPhonePlaces.length !== this.tableSize('ZS') ||
      this.placeExchangeStarts[this.phonePlaceCount] !== this.placeExchanges.length
    ) {
      throw new UssynthError(
        'invalid_index_file',
        'Invalid ussynth index: phone place sections do not match the ZIP table or each other',
      );
    }
    this.surnameHeadWeights = section('SGNW') as Uint32Array;
    this.surnameGroupPercents = section('SGPC') as Uint16Array;
    this.surnameGroupTails = section('SGTL') as Uint32Array;
    this.areaCodeExchanges = section('ACVX') as Uint8Array;
    if (this.areaCodeExchanges.length !== this.areaCodes.size * EXCHANGE_BITMAP_BYTES) {
      throw new UssynthError(
        'invalid_index_file',
        'Invalid ussynth index: the exchange bitmaps (ACVX) do not match the area-code table',
      );
    }
    this.zipUnitShares = section('ZSUN') as Uint16Array;
    this.suffixUnitFactors = section('SXUF') as Uint8Array;
    this.numberedUnitFactors = section('NXUF') as Uint8Array;
    if (
      this.zipUnitShares.length !== this.tableSize('ZS') ||
      this.suffixUnitFactors.length !== this.tableSize('SX') ||
      this.numberedUnitFactors.length !== this.tableSize('NX')
    ) {
      throw new UssynthError(
        'invalid_index_file',
        'Invalid ussynth index: unit sections do not match the ZIP and suffix tables',
      );
    }
    // A dense ZIP -> row table makes lookups O(1); 400 KB, built in well under a millisecond.
    this.rowByZip = new Uint32Array(100_000).fill(NO_ROW);
    for (let row = 0; row < this.zipCodes.length; row++) this.rowByZip[this.zipCodes[row]] = row;
    this.zipTexts = emptyCache(this.zipCodes.length);
  }

  /**
   * Reads and validates an index file's bytes.
   * @example const data = DataIndex.fromBytes(await (await fetch('ussynth.idx')).arrayBuffer())
   */
  static fromBytes(bytes: ArrayBuffer | Uint8Array): DataIndex {
    return new DataIndex(bytes);
  }

  /** The state with this two-letter code, or undefined. */
  state(code: string): IndexState | undefined {
    return this.stateByCode.get(code);
  }

  /** A weighted table by id. */
  table(id: WeightedTableId): WeightedTable {
    return this.tables.get(id) ?? this.#buildTable(id);
  }

  /** Columns of a table, from its sections (without building it). */
  private tableSize(id: WeightedTableId): number {
    return this.tableSections.get(id)!.items.length;
  }

  /** Builds a table on first use: threshold and alias side by side per column (one cache line for a draw). */
  #buildTable(id: WeightedTableId): WeightedTable {
    const { items, thresholds, aliases } = this.tableSections.get(id)!;
    const cells = new Uint32Array(2 * items.length);
    for (let j = 0; j < items.length; j++) {
      cells[2 * j] = thresholds[j];
      cells[2 * j + 1] = aliases[j];
    }
    // Widened once so every draw reads Uint32Arrays: one element kind keeps pick() monomorphic.
    const table: WeightedTable = {
      size: items.length,
      cells,
      items: new Uint32Array(items),
      texts: emptyCache(items.length),
    };
    this.tables.set(id, table);
    return table;
  }

  /**
   * Whether every string of the index is JSON-plain: no quote, backslash or
   * control character (nor lone surrogates, which UTF-8 cannot hold), so text made of these strings (and
   * digits, spaces and checked e-mail domains) goes into a JSON string as is.
   * Checked once, on first use. The command line then writes JSON lines by
   * concatenation instead of JSON.stringify.
   * @example defaultIndex().jsonPlainText // true for the shipped index
   */
  get jsonPlainText(): boolean {
    // The text came through a fatal UTF-8 decoder, so it holds no lone surrogates.
    return (this.plain ??= !/["\\\u0000-\u001f]/.test(this.text));
  }

  /** Row of a ZIP given as an integer 0..99999, or -1 when the ZIP is not in the table. */
  zipRow(zip: number): number {
    const row = this.rowByZip[zip];
    return row === NO_ROW ? -1 : row;
  }

  /** The ZIP at a row as five digits, e.g. "00501". */
  zipText(row: number): string {
    return this.zipTexts[row] ?? (this.zipTexts[row] = String(this.zipCodes[row]).padStart(5, '0'));
  }

  /** Type of the ZIP at a row. */
  zipType(row: number): ZipType {
    return ZIP_TYPES[this.zipTypes[row]];
  }
}
