import { byCodeUnit } from '../../../src/code-unit-order.js';
import type {
  HouseNumberLeadRecord,
  StreetFormRecord,
  StreetNameRecord,
  StreetSuffixRecord,
  SurnameRecord,
  WeightedTextRecord,
} from '../../model.js';
import type { SourceReport } from '../../source-report.js';
import { mcCapital } from '../../spelling/city-spelling.js';
import type { StreetsValid } from './validate.js';

/** The street model's tables. */
export interface StreetModel {
  streetNames: StreetNameRecord[];
  streetSuffixes: StreetSuffixRecord[];
  directionals: WeightedTextRecord[];
  unitDesignators: WeightedTextRecord[];
  houseNumberDigits: { digits: number; weight: number }[];
  houseNumberLeads: HouseNumberLeadRecord[];
  streetForms: StreetFormRecord[];
}

/** Each base-name part, and the unit draw, is scaled to its share of this. */
const SCALE = 1_000_000;

/** A street line split into its parts. */
export interface ParsedStreet {
  house: string | null;
  directional: string | null;
  base: string;
  suffix: string;
  /** The directional after the suffix ("NW" in DC's "615 Q Street Northwest"), abbreviated. */
  trailing: string | null;
}

/**
 * Splits "5601 West Crocus Drive" into house number, leading directional
 * (abbreviated), base name, standard suffix and trailing directional
 * (abbreviated). Null when the last word is not a Publication 28 suffix.
 * @example parseStreet('1745 T Street Southeast', ...) // { house: '1745', directional: null, base: 'T', suffix: 'ST', trailing: 'SE' }
 */
export function parseStreet(
  line: string,
  suffixBySpelling: ReadonlyMap<string, string>,
  directionalByWord: ReadonlyMap<string, string>,
): ParsedStreet | null {
  const words = line.split(/\s+/);
  const house = /^\d+$/.test(words[0]) ? words.shift()! : null;
  let directional: string | null = null;
  if (words.length > 2 && directionalByWord.has(words[0].toLowerCase()))
    directional = directionalByWord.get(words.shift()!.toLowerCase())!;
  let trailing: string | null = null;
  if (words.length > 2 && directionalByWord.has(words[words.length - 1].toLowerCase()))
    trailing = directionalByWord.get(words.pop()!.toLowerCase())!;
  if (words.length < 2) return null;
  const suffix = suffixBySpelling.get(words[words.length - 1].toUpperCase());
  if (!suffix) return null;
  words.pop();
  return { house, directional, base: words.join(' '), suffix, trailing };
}

/**
 * English ordinal of a street number.
 * @example ordinal(22) // "22nd"
 */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const ending = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${ending}`;
}

/** A numbered base name: an ordinal ("7th", "101st"). */
export const NUMBERED_BASE = /^[1-9]\d*(st|nd|rd|th)$/;

/**
 * A base name as street lines show it, or null for one that is not a name
 * (counted on `report` by reason): ordinals in lower case ("93RD" ->
 * "93rd"), "Mc" names capitalised ("Mcmillin" -> "McMillin"), "Junior"
 * as USPS abbreviates it ("Martin Luther King Junior" -> "Martin Luther
 * King Jr"); names with other digits or a full stop ("36.1", "I 95") are
 * dropped.
 * @example cleanBase('93RD', report) // "93rd"
 */
export function cleanBase(base: string, report: SourceReport): string | null {
  let text = base;
  if (/^\d+(ST|ND|RD|TH)$/i.test(text) && text !== text.replace(/[A-Z]+$/, (e) => e.toLowerCase())) {
    text = text.replace(/[A-Za-z]+$/, (ending) => ending.toLowerCase());
    report.repair('ordinal_lower_cased');
  }
  if (/[0-9.]/.test(text) && !NUMBERED_BASE.test(text)) {
    report.reject('base_not_a_name');
    return null;
  }
  const mc = mcCapital(text);
  if (mc !== text) report.repair('mc_capitalised');
  const junior = mc.replace(/\bJunior\b/g, 'Jr');
  if (junior !== mc) report.repair('junior_abbreviated');
  return junior;
}

function titleWord(abbreviation: string): string {
  return abbreviation.charAt(0) + abbreviation.slice(1).toLowerCase();
}

function addScaled(
  into: Map<string, { weight: number; sources: Set<string> }>,
  part: string,
  items: Map<string, number>,
  share: number,
): void {
  const total = [...items.values()].reduce((a, b) => a + b, 0);
  for (const [name, weight] of items) {
    const entry = into.get(name) ?? { weight: 0, sources: new Set<string>() };
    entry.weight += Math.max(1, Math.round((weight / total) * share * SCALE));
    entry.sources.add(part);
    into.set(name, entry);
  }
}

function count(map: Map<string, number>, key: string, by = 1): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

/** Builds every street table of the model documented in datasets/street-model/README.md. */
export function transformStreets(valid: StreetsValid, surnames: SurnameRecord[]): StreetModel {
  const [addressReport, fakerReport] = valid.reports;
  const suffixBySpelling = new Map<string, string>();
  for (const s of valid.suffixes)
    for (const spelling of [s.suffix, ...s.abbrs]) suffixBySpelling.set(spelling.toUpperCase(), s.standardAbbr);
  const directionalByWord = new Map<string, string>();
  for (const [word, abbreviation] of Object.entries(valid.directionals)) {
    directionalByWord.set(word.toLowerCase(), abbreviation);
    directionalByWord.set(abbreviation.toLowerCase(), abbreviation);
  }

  const realBases = new Map<string, number>();
  const suffixCounts = new Map<string, number>();
  const numberedSuffixCounts = new Map<string, number>();
  const directionalCounts = new Map<string, number>();
  const digitCounts = new Map<string, number>();
  const leadCounts = new Map<string, number>();
  const quadrantCounts = new Map<string, number>();
  let numberedReal = 0;
  let streetsReal = 0;
  valid.addressLines.forEach((line, i) => {
    const parsed = parseStreet(line, suffixBySpelling, directionalByWord);
    if (!parsed) {
      addressReport.reject('no_usps_suffix');
      return;
    }
    if (!parsed.house) {
      addressReport.reject('no_house_number');
      return;
    }
    const base = cleanBase(parsed.base, addressReport);
    if (base === null) return;
    streetsReal++;
    const numbered = NUMBERED_BASE.test(base);
    if (numbered) {
      // Numbered streets are drawn as a part of their own, with the suffixes they take.
      numberedReal++;
      count(numberedSuffixCounts, parsed.suffix);
    } else {
      count(realBases, base);
      count(suffixCounts, parsed.suffix);
    }
    count(directionalCounts, parsed.directional ?? '');
    const house = parsed.house.replace(/^0+/, '') || '0';
    count(digitCounts, String(house.length));
    if (house !== '0') count(leadCounts, `${house.length} ${house[0]}`);
    // DC's quadrants: every DC street line ends in one.
    if (valid.addressStates[i] === 'DC' && parsed.trailing && parsed.trailing.length === 2)
      count(quadrantCounts, parsed.trailing);
  });

  const fakerBases = new Map<string, number>();
  for (const line of valid.fakerLines) {
    const parsed = parseStreet(line, suffixBySpelling, directionalByWord);
    if (!parsed) {
      fakerReport.reject('no_usps_suffix');
      continue;
    }
    const base = cleanBase(parsed.base, fakerReport);
    if (base === null) continue;
    if (NUMBERED_BASE.test(base)) {
      fakerReport.reject('numbered_base_drawn_as_numbered');
      continue;
    }
    fakerBases.set(base, 1);
  }

  const numbered = new Map<string, number>();
  for (let n = 1; n <= valid.model.numberedStreets; n++) numbered.set(ordinal(n), 1 / n);
  const surnameBases = new Map(surnames.slice(0, valid.model.surnameStreets).map((s) => [s.surname, s.weight]));

  // The numbered share is the real addresses' (rrad: 12.8 %); the named parts share the rest.
  const numberedShare = numberedReal / streetsReal;
  const shares = valid.model.baseNameShares;
  const bases = new Map<string, { weight: number; sources: Set<string> }>();
  addScaled(bases, 'openaddresses', realBases, shares.openaddresses * (1 - numberedShare));
  addScaled(bases, 'faker', fakerBases, shares.faker * (1 - numberedShare));
  addScaled(bases, 'numbered', numbered, numberedShare);
  addScaled(bases, 'surname', surnameBases, shares.surname * (1 - numberedShare));

  const designatorTotal = Object.values(valid.model.unitDesignators).reduce((a, b) => a + b, 0);
  const unitDesignators: WeightedTextRecord[] = Object.entries(valid.model.unitDesignators).map(
    ([designator, weight]) => ({
      value: titleWord(designator),
      weight: Math.round((weight / designatorTotal) * SCALE),
    }),
  );

  const forms: StreetFormRecord[] = [
    ...[...numberedSuffixCounts].map(([value, weight]) => ({ part: 'numbered_suffix' as const, value, weight })),
    ...[...quadrantCounts].map(([value, weight]) => ({ part: 'dc_quadrant' as const, value, weight })),
    ...Object.entries(valid.model.unitFactorBySuffix).map(([value, weight]) => ({
      part: 'unit_factor' as const,
      value,
      weight,
    })),
    ...valid.model.unitShareByDensity.map(([density, share]) => ({
      part: 'unit_density' as const,
      value: String(density),
      weight: share,
    })),
    ...Object.entries(valid.model.puertoRico.streetTypes).map(([value, weight]) => ({
      part: 'pr_street_type' as const,
      value,
      weight,
    })),
    ...valid.model.puertoRico.baseNames.map((value) => ({ part: 'pr_street_name' as const, value, weight: 1 })),
  ];

  return {
    streetNames: [...bases]
      .map(([name, { weight, sources }]) => ({ name, weight, source: [...sources].sort(byCodeUnit).join('+') }))
      .sort((a, b) => byCodeUnit(a.name, b.name)),
    streetSuffixes: valid.suffixes
      .map((s) => ({ suffix: s.suffix, abbreviation: s.standardAbbr, weight: suffixCounts.get(s.standardAbbr) ?? 0 }))
      .sort((a, b) => byCodeUnit(a.suffix, b.suffix)),
    directionals: [...directionalCounts]
      .map(([value, weight]) => ({ value, weight }))
      .sort((a, b) => byCodeUnit(a.value, b.value)),
    unitDesignators: unitDesignators.sort((a, b) => byCodeUnit(a.value, b.value)),
    houseNumberDigits: [...digitCounts]
      .map(([digits, weight]) => ({ digits: Number(digits), weight }))
      .sort((a, b) => a.digits - b.digits),
    houseNumberLeads: [...leadCounts]
      .map(([key, weight]) => ({ digits: Number(key.split(' ')[0]), firstDigit: Number(key.split(' ')[1]), weight }))
      .sort((a, b) => a.digits - b.digits || a.firstDigit - b.firstDigit),
    streetForms: forms.sort((a, b) => byCodeUnit(a.part, b.part) || byCodeUnit(a.value, b.value)),
  };
}
