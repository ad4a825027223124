import { byCodePoint } from '../../code-point-order.js';
import type { StreetNameRecord, StreetSuffixRecord, SurnameRecord, WeightedTextRecord } from '../../model.js';
import type { StreetsValid } from './validate.js';

/** The street model's tables. */
export interface StreetModel {
  streetNames: StreetNameRecord[];
  streetSuffixes: StreetSuffixRecord[];
  directionals: WeightedTextRecord[];
  unitDesignators: WeightedTextRecord[];
  houseNumberDigits: { digits: number; weight: number }[];
}

/** Each base-name part, and the unit draw, is scaled to its share of this. */
const SCALE = 1_000_000;

/** A street line split into its parts. */
export interface ParsedStreet {
  house: string | null;
  directional: string | null;
  base: string;
  suffix: string;
}

/**
 * Splits "5601 West Crocus Drive" into house number, leading directional
 * (abbreviated), base name and standard suffix; a trailing directional is
 * dropped. Null when the last word is not a Publication 28 suffix.
 * @example parseStreet('1745 T Street Southeast', ...) // { house: '1745', directional: null, base: 'T', suffix: 'ST' }
 */
export function parseStreet(line: string, suffixBySpelling: ReadonlyMap<string, string>, directionalByWord: ReadonlyMap<string, string>): ParsedStreet | null {
  const words = line.split(/\s+/);
  const house = /^\d+$/.test(words[0]) ? words.shift()! : null;
  let directional: string | null = null;
  if (words.length > 2 && directionalByWord.has(words[0].toLowerCase())) directional = directionalByWord.get(words.shift()!.toLowerCase())!;
  if (words.length > 2 && directionalByWord.has(words[words.length - 1].toLowerCase())) words.pop();
  if (words.length < 2) return null;
  const suffix = suffixBySpelling.get(words[words.length - 1].toUpperCase());
  if (!suffix) return null;
  words.pop();
  return { house, directional, base: words.join(' '), suffix };
}

/**
 * English ordinal of a street number.
 * @example ordinal(22) // "22nd"
 */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const ending = teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${ending}`;
}

function titleWord(abbreviation: string): string {
  return abbreviation.charAt(0) + abbreviation.slice(1).toLowerCase();
}

function addScaled(into: Map<string, { weight: number; sources: Set<string> }>, part: string, items: Map<string, number>, share: number): void {
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
  for (const s of valid.suffixes) for (const spelling of [s.suffix, ...s.abbrs]) suffixBySpelling.set(spelling.toUpperCase(), s.standardAbbr);
  const directionalByWord = new Map<string, string>();
  for (const [word, abbreviation] of Object.entries(valid.directionals)) {
    directionalByWord.set(word.toLowerCase(), abbreviation);
    directionalByWord.set(abbreviation.toLowerCase(), abbreviation);
  }

  const realBases = new Map<string, number>();
  const suffixCounts = new Map<string, number>();
  const directionalCounts = new Map<string, number>();
  const digitCounts = new Map<string, number>();
  for (const line of valid.addressLines) {
    const parsed = parseStreet(line, suffixBySpelling, directionalByWord);
    if (!parsed) {
      addressReport.reject('no_usps_suffix');
      continue;
    }
    if (!parsed.house) {
      addressReport.reject('no_house_number');
      continue;
    }
    count(realBases, parsed.base);
    count(suffixCounts, parsed.suffix);
    count(directionalCounts, parsed.directional ?? '');
    count(digitCounts, String(parsed.house.replace(/^0+/, '').length || 1));
  }

  const fakerBases = new Map<string, number>();
  for (const line of valid.fakerLines) {
    const parsed = parseStreet(line, suffixBySpelling, directionalByWord);
    if (!parsed) {
      fakerReport.reject('no_usps_suffix');
      continue;
    }
    fakerBases.set(parsed.base, 1);
  }

  const numbered = new Map<string, number>();
  for (let n = 1; n <= valid.model.numberedStreets; n++) numbered.set(ordinal(n), 1 / n);
  const surnameBases = new Map(surnames.slice(0, valid.model.surnameStreets).map((s) => [s.surname, s.weight]));

  const shares = valid.model.baseNameShares;
  const bases = new Map<string, { weight: number; sources: Set<string> }>();
  addScaled(bases, 'openaddresses', realBases, shares.openaddresses);
  addScaled(bases, 'faker', fakerBases, shares.faker);
  addScaled(bases, 'numbered', numbered, shares.numbered);
  addScaled(bases, 'surname', surnameBases, shares.surname);

  const designatorTotal = Object.values(valid.model.unitDesignators).reduce((a, b) => a + b, 0);
  const unitDesignators: WeightedTextRecord[] = [
    { value: '', weight: Math.round((1 - valid.model.unitShare) * SCALE) },
    ...Object.entries(valid.model.unitDesignators).map(([designator, weight]) => ({
      value: titleWord(designator),
      weight: Math.round((weight / designatorTotal) * valid.model.unitShare * SCALE),
    })),
  ];

  return {
    streetNames: [...bases]
      .map(([name, { weight, sources }]) => ({ name, weight, source: [...sources].sort(byCodePoint).join('+') }))
      .sort((a, b) => byCodePoint(a.name, b.name)),
    streetSuffixes: valid.suffixes
      .map((s) => ({ suffix: s.suffix, abbreviation: s.standardAbbr, weight: suffixCounts.get(s.standardAbbr) ?? 0 }))
      .sort((a, b) => byCodePoint(a.suffix, b.suffix)),
    directionals: [...directionalCounts].map(([value, weight]) => ({ value, weight })).sort((a, b) => byCodePoint(a.value, b.value)),
    unitDesignators: unitDesignators.sort((a, b) => byCodePoint(a.value, b.value)),
    houseNumberDigits: [...digitCounts].map(([digits, weight]) => ({ digits: Number(digits), weight })).sort((a, b) => a.digits - b.digits),
  };
}
