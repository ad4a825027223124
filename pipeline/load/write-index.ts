import {
  DATASET_VERSION_SIZE,
  DIRECTORY_ENTRY_SIZE,
  ELEMENT_SIZES,
  ELEMENT_TYPES,
  EXCHANGE_BITMAP_BYTES,
  HEADER_SIZE,
  INDEX_FORMAT_VERSION,
  INDEX_MAGIC,
  SECTION_ALIGNMENT,
  STATE_KINDS,
  ZIP_BITMAP_BYTES,
  ZIP_TYPES,
  type ElementType,
  type WeightedTableId,
} from '../../src/data-index/format.js';
import { crc32 } from '../../src/data-index/crc32.js';
import type { CompiledData } from '../model.js';
import { residentialPopulation, residentialWeights } from '../transform/residential.js';
import { aliasTable } from '../../src/data-index/alias-table.js';
import { StringTable } from './string-table.js';

/** One section to pack. */
export interface Section {
  tag: string;
  type: ElementType;
  values: ArrayLike<number>;
}

/** The narrowest element type that holds every value. */
export function widthFor(values: ArrayLike<number>): ElementType {
  let max = 0;
  for (let i = 0; i < values.length; i++) max = Math.max(max, values[i]);
  return max < 256 ? 'u8' : max < 65536 ? 'u16' : 'u32';
}

/**
 * Serialises the compiled data into the binary index (docs/index-format.md).
 * Deterministic: sections in a fixed order, strings in code-point order.
 */
export function writeIndex(data: CompiledData): Uint8Array {
  const strings = new StringTable();
  const sections: Section[] = [];
  const weighted = (
    id: WeightedTableId,
    items: number[],
    weights: number[],
    segments?: { offset: number; length: number }[],
  ): void => {
    const thresholds = new Uint32Array(items.length);
    const aliases = new Uint32Array(items.length);
    for (const { offset, length } of segments ?? [{ offset: 0, length: items.length }]) {
      if (length === 0) continue;
      const table = aliasTable(weights.slice(offset, offset + length));
      thresholds.set(table.thresholds, offset);
      aliases.set(table.aliases, offset);
    }
    sections.push({ tag: `${id}IT`, type: widthFor(items), values: items });
    sections.push({ tag: `${id}PR`, type: 'u32', values: thresholds });
    sections.push({ tag: `${id}AL`, type: widthFor(aliases), values: aliases });
  };

  for (const s of data.states) {
    strings.add(s.code);
    strings.add(s.name);
  }
  for (const z of data.zips) strings.add(z.city);
  for (const n of data.firstNames) strings.add(n.name);
  for (const n of data.surnames) strings.add(n.surname);
  for (const n of data.streetNames) strings.add(n.name);
  for (const s of data.streetSuffixes) strings.add(suffixText(s.abbreviation));
  for (const d of data.directionals) strings.add(d.value);
  for (const u of data.unitDesignators) strings.add(u.value);
  for (const f of streetFormTexts(data)) strings.add(f.text);
  strings.freeze();
  const text = strings.encode();
  sections.push({ tag: 'STRD', type: 'u8', values: text.bytes }, { tag: 'STRL', type: 'u8', values: text.lengths });

  const stateIndex = new Map(data.states.map((s, i) => [s.code, i]));
  const zipSegments: { offset: number; length: number }[] = [];
  const zipItems: number[] = [];
  const zipWeights: number[] = [];
  const rowOf = new Map(data.zips.map((z, row) => [z.zip, row]));
  const acSegments: { offset: number; length: number }[] = [];
  const acItems: number[] = [];
  const acWeights: number[] = [];
  const residential = residentialWeights(data);
  for (const state of data.states) {
    const zips = data.zips.filter((z) => z.state === state.code && residential.has(z.zip));
    zipSegments.push({ offset: zipItems.length, length: zips.length });
    for (const z of zips) {
      zipItems.push(rowOf.get(z.zip)!);
      zipWeights.push(residential.get(z.zip)!);
    }
    const codes = data.areaCodes.filter((a) => a.state === state.code);
    acSegments.push({ offset: acItems.length, length: codes.length });
    for (const a of codes) {
      acItems.push(Number(a.areaCode));
      acWeights.push(a.weight);
    }
  }
  const plain = (tag: string, type: ElementType, values: ArrayLike<number>): void =>
    void sections.push({ tag, type, values });
  plain(
    'STCD',
    'u32',
    data.states.map((s) => strings.id(s.code)),
  );
  plain(
    'STNM',
    'u32',
    data.states.map((s) => strings.id(s.name)),
  );
  plain(
    'STFP',
    'u8',
    data.states.map((s) => (s.fips === null ? 0 : Number(s.fips))),
  );
  plain(
    'STKD',
    'u8',
    data.states.map((s) => STATE_KINDS.indexOf(s.kind)),
  );
  plain(
    'STZO',
    'u32',
    zipSegments.map((s) => s.offset),
  );
  plain(
    'STZN',
    'u32',
    zipSegments.map((s) => s.length),
  );
  plain(
    'STAO',
    'u32',
    acSegments.map((s) => s.offset),
  );
  plain(
    'STAN',
    'u32',
    acSegments.map((s) => s.length),
  );
  plain('ZPBM', 'u8', zipBitmap(data.zips.map((z) => Number(z.zip))));
  plain(
    'ZPST',
    'u8',
    data.zips.map((z) => stateIndex.get(z.state)!),
  );
  sections.push({ tag: 'ZPCT', type: 'u32', values: data.zips.map((z) => strings.id(z.city)) });
  plain(
    'ZPTY',
    'u8',
    data.zips.map((z) => ZIP_TYPES.indexOf(z.type)),
  );
  plain(
    'EINP',
    'u8',
    [...new Set(data.einPrefixes.map((p) => Number(p.prefix)))].sort((a, b) => a - b),
  );
  const phone = phonePlaceSections(
    data,
    zipItems.map((row) => data.zips[row].zip),
  );
  plain('ZSPL', 'u16', phone.zipPlaces);
  plain('PLEO', 'u16', phone.exchangeStarts);
  plain('PLEX', 'u16', phone.exchanges);
  plain('ACVX', 'u8', exchangeBitmaps(data, acItems));
  const units = unitSections(
    data,
    zipItems.map((row) => data.zips[row].zip),
  );
  plain('ZSUN', 'u16', units.zipShares);
  plain('SXUF', 'u8', units.suffixFactors);
  plain('NXUF', 'u8', units.numberedFactors);

  const population = residentialPopulation(data);
  const defaultStates = data.states.filter(
    (s) => (s.kind === 'state' || s.kind === 'district') && (population.get(s.code) ?? 0) > 0,
  );
  weighted(
    'SS',
    defaultStates.map((s) => stateIndex.get(s.code)!),
    defaultStates.map((s) => population.get(s.code)!),
  );
  weighted('ZS', zipItems, zipWeights, zipSegments);
  weighted('AC', acItems, acWeights, acSegments);
  const births = (sex: 'F' | 'M') => data.firstNames.filter((n) => n.sex === sex);
  // Sexes and names as among the adults alive (people), not as among births.
  weighted(
    'SE',
    [0, 1],
    [births('F'), births('M')].map((names) => names.reduce((a, n) => a + n.people, 0)),
  );
  for (const [id, sex] of [
    ['FF', 'F'],
    ['FM', 'M'],
  ] as const) {
    weighted(
      id,
      births(sex).map((n) => strings.id(n.name)),
      births(sex).map((n) => n.people),
    );
  }
  const heads = data.surnameHeadWeights.length;
  if (data.surnameGroups.some((t) => t.heads.length !== heads))
    throw new Error('every surname group must weigh the whole 2010 head');
  // SN in two segments, the head and the tail: a group's tail draws a name beyond the head in one draw. The head is
  // drawn through the groups only (SGNW x SGPC), so its segment's columns are uniform: full cells that compress to nothing.
  weighted(
    'SN',
    data.surnames.map((s) => strings.id(s.surname)),
    data.surnames.map((s, i) => (i < heads ? 1 : s.weight)),
    [
      { offset: 0, length: heads },
      { offset: heads, length: data.surnames.length - heads },
    ],
  );
  // Surnames by state: a group by the state's shares (SR).
  const groupCount = data.surnameGroups.length;
  const sharesOf = new Map(data.stateGroupShares.map((s) => [s.state, s.shares]));
  weighted(
    'SR',
    data.states.flatMap(() => data.surnameGroups.map((_, g) => g)),
    data.states.flatMap((s) => {
      const shares = sharesOf.get(s.code);
      if (shares?.length !== groupCount) throw new Error(`no surname group shares for ${s.code}`);
      return shares;
    }),
    data.states.map((_, i) => ({ offset: i * groupCount, length: groupCount })),
  );
  // Then a name of the group (SGNW x SGPC for the head, SGTL for its tail): the generator builds the six tables on load.
  plain('SGNW', 'u32', data.surnameHeadWeights);
  plain(
    'SGPC',
    'u16',
    data.surnameGroups.flatMap((t) => t.percents),
  );
  plain(
    'SGTL',
    'u32',
    data.surnameGroups.map((t) => t.tailUnits),
  );
  weighted(
    'HN',
    data.houseNumberLeads.map((l) => l.digits * 10 + l.firstDigit),
    data.houseNumberLeads.map((l) => l.weight),
  );
  weighted(
    'DP',
    data.directionals.map((d) => strings.id(d.value)),
    data.directionals.map((d) => d.weight),
  );
  const bases = data.streetNames.filter((s) => s.weight > 0);
  weighted(
    'SB',
    bases.map((s) => strings.id(s.name)),
    bases.map((s) => s.weight),
  );
  const suffixes = data.streetSuffixes.filter((s) => s.weight > 0);
  weighted(
    'SX',
    suffixes.map((s) => strings.id(suffixText(s.abbreviation))),
    suffixes.map((s) => s.weight),
  );
  weighted(
    'UD',
    data.unitDesignators.map((u) => strings.id(u.value)),
    data.unitDesignators.map((u) => u.weight),
  );
  for (const id of ['NX', 'DQ', 'PT', 'PB'] as const) {
    const forms = streetFormTexts(data).filter((f) => f.table === id);
    weighted(
      id,
      forms.map((f) => strings.id(f.text)),
      forms.map((f) => f.weight),
    );
  }

  return pack(sections, data.datasetVersion);
}

/**
 * The ZIP bitmap: bit z % 8 of byte floor(z / 8) set for every ZIP z. A
 * reader counts set bits to number the rows (ZIPs are sorted), so 12.5 KB
 * stand for a 166 KB column of ZIP codes.
 * @example zipBitmap([1, 9])[0] // 0b10, and [1] is 0b10
 */
export function zipBitmap(zips: readonly number[]): Uint8Array {
  const bitmap = new Uint8Array(ZIP_BITMAP_BYTES);
  for (const zip of zips) bitmap[zip >> 3] |= 1 << (zip & 7);
  return bitmap;
}

/**
 * The phone-place sections: per ZS entry (the ZIPs in `zipOrder`) its
 * place, or the place count for none; per place the start of its exchanges,
 * and the exchanges encoded relative to the state's area-code segment.
 */
function phonePlaceSections(
  data: CompiledData,
  zipOrder: readonly string[],
): { zipPlaces: number[]; exchangeStarts: number[]; exchanges: number[] } {
  const placeIndex = new Map(data.phonePlaces.map((p, i) => [p.place, i]));
  const stateOf = new Map(data.phonePlaces.map((p) => [p.place, p.state]));
  const areaByCode = new Map(data.areaCodes.map((a) => [a.areaCode, a]));
  const slotOf = new Map<string, number>();
  for (const state of data.states)
    data.areaCodes
      .filter((a) => a.state === state.code)
      .forEach((a, slot) => {
        slotOf.set(a.areaCode, slot);
      });
  const byPlace = data.phonePlaces.map((): number[] => []);
  for (const e of data.phoneExchanges) {
    const area = areaByCode.get(e.areaCode);
    if (!area || area.state !== stateOf.get(e.place))
      throw new Error(`exchange ${e.areaCode}-${e.exchange} is not of its place's state`);
    byPlace[placeIndex.get(e.place)!].push(slotOf.get(e.areaCode)! * 800 + (Number(e.exchange) - 200));
  }
  const exchangeStarts: number[] = [];
  const exchanges: number[] = [];
  for (const codes of byPlace) {
    exchangeStarts.push(exchanges.length);
    exchanges.push(...codes.sort((a, b) => a - b));
  }
  exchangeStarts.push(exchanges.length);
  const placeOfZip = new Map(data.zipPhonePlaces.map((z) => [z.zip, placeIndex.get(z.place)!]));
  return {
    zipPlaces: zipOrder.map((zip) => placeOfZip.get(zip) ?? data.phonePlaces.length),
    exchangeStarts,
    exchanges,
  };
}

/** Per AC entry (`acItems`, the area codes in AC order), 100 bytes: the bitmap of the exchanges its phones may use. */
function exchangeBitmaps(data: CompiledData, acItems: readonly number[]): Uint8Array {
  const byCode = new Map(data.areaCodes.map((a) => [Number(a.areaCode), a]));
  const bitmaps = new Uint8Array(acItems.length * EXCHANGE_BITMAP_BYTES);
  acItems.forEach((code, entry) => {
    for (const nxx of byCode.get(code)!.exchanges)
      bitmaps[entry * EXCHANGE_BITMAP_BYTES + ((nxx - 200) >> 3)] |= 1 << ((nxx - 200) & 7);
  });
  return bitmaps;
}

const FORM_TABLES = { numbered_suffix: 'NX', dc_quadrant: 'DQ', pr_street_type: 'PT', pr_street_name: 'PB' } as const;

/** The street forms drawn from weighted tables, with their text as street lines show it, in the data's order. */
function streetFormTexts(
  data: CompiledData,
): { table: (typeof FORM_TABLES)[keyof typeof FORM_TABLES]; text: string; weight: number }[] {
  return data.streetForms.flatMap((f) => {
    if (!(f.part in FORM_TABLES) || f.weight <= 0) return [];
    const table = FORM_TABLES[f.part as keyof typeof FORM_TABLES];
    return [{ table, text: table === 'NX' ? suffixText(f.value) : f.value, weight: f.weight }];
  });
}

/**
 * The unit sections: per ZS entry its ZIP's unit share in 1/10,000, and per
 * SX and NX column the suffix's unit factor in percent (100 for a suffix
 * the model gives no factor).
 */
function unitSections(
  data: CompiledData,
  zipOrder: readonly string[],
): { zipShares: number[]; suffixFactors: number[]; numberedFactors: number[] } {
  const shareOf = new Map(data.zipUnitShares.map((z) => [z.zip, z.unitShare]));
  const factorOf = new Map(data.streetForms.filter((f) => f.part === 'unit_factor').map((f) => [f.value, f.weight]));
  const factor = (abbreviation: string): number => Math.round((factorOf.get(abbreviation) ?? 1) * 100);
  return {
    zipShares: zipOrder.map((zip) => Math.round((shareOf.get(zip) ?? 0) * 10_000)),
    suffixFactors: data.streetSuffixes.filter((s) => s.weight > 0).map((s) => factor(s.abbreviation)),
    numberedFactors: data.streetForms
      .filter((f) => f.part === 'numbered_suffix' && f.weight > 0)
      .map((f) => factor(f.value)),
  };
}

/**
 * A suffix abbreviation as street lines show it.
 * @example suffixText('AVE') // "Ave"
 */
export function suffixText(abbreviation: string): string {
  return abbreviation.charAt(0) + abbreviation.slice(1).toLowerCase();
}

const align = (n: number): number => Math.ceil(n / SECTION_ALIGNMENT) * SECTION_ALIGNMENT;

/** Lays sections out in the container (header, directory, aligned data, CRC). */
export function pack(sections: Section[], datasetVersion: string): Uint8Array {
  let at = align(HEADER_SIZE + sections.length * DIRECTORY_ENTRY_SIZE);
  const placed = sections.map((s) => {
    const offset = at;
    at = align(at + s.values.length * ELEMENT_SIZES[s.type]);
    return { ...s, offset };
  });
  const bytes = new Uint8Array(at);
  const view = new DataView(bytes.buffer);
  const ascii = (text: string, offset: number, size: number): void => {
    if (text.length > size || !/^[\x20-\x7e]*$/.test(text))
      throw new Error(`${JSON.stringify(text)} does not fit ${size} ASCII bytes`);
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(INDEX_MAGIC, 0, 8);
  view.setUint32(8, INDEX_FORMAT_VERSION, true);
  view.setUint32(12, HEADER_SIZE, true);
  view.setUint32(16, bytes.length, true);
  view.setUint32(24, sections.length, true);
  ascii(datasetVersion, 32, DATASET_VERSION_SIZE);
  placed.forEach((s, i) => {
    const entry = HEADER_SIZE + i * DIRECTORY_ENTRY_SIZE;
    ascii(s.tag, entry, 4);
    view.setUint8(entry + 4, ELEMENT_TYPES[s.type]);
    view.setUint32(entry + 8, s.offset, true);
    view.setUint32(entry + 12, s.values.length, true);
    const size = ELEMENT_SIZES[s.type];
    for (let k = 0; k < s.values.length; k++) {
      const value = s.values[k];
      if (!Number.isInteger(value) || value < 0 || value >= 2 ** (8 * size))
        throw new Error(`section ${s.tag}: value ${value} does not fit ${s.type}`);
      if (size === 1) view.setUint8(s.offset + k, value);
      else if (size === 2) view.setUint16(s.offset + k * 2, value, true);
      else view.setUint32(s.offset + k * 4, value, true);
    }
  });
  view.setUint32(20, crc32(bytes.subarray(HEADER_SIZE)), true);
  return bytes;
}
