import type { DataIndex, WeightedTable } from '../data-index/data-index.js';
import type { RandomSource } from '../random/record-random.js';
import { decimal, NumberThen } from '../digits.js';
import { columnText, pick, pickColumn } from './pick.js';

/** Unit numbers run from 1 to this (e.g. "Apt 12", "Ste 340"). */
export const UNIT_NUMBER_MAX = 499;

const POWERS_OF_TEN = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];

/** House numbers with the space after them. */
const HOUSE = new NumberThen(' ');

/** A string table's column texts with fixed text around them, made on first use. */
class Affixed {
  private readonly texts: (string | null)[];

  constructor(
    private readonly data: DataIndex,
    private readonly table: WeightedTable,
    private readonly affix: (text: string) => string,
  ) {
    this.texts = new Array<string | null>(table.size).fill(null);
  }

  at(column: number): string {
    return this.texts[column] ?? (this.texts[column] = this.affix(columnText(this.data, this.table, column)));
  }
}

/** What kind of street line a state takes. */
export const STREET_FORM = { plain: 0, dcQuadrant: 1, puertoRico: 2 } as const;

/** The street form of a state code: DC's quadrants, Puerto Rico's Spanish forms, else plain. */
export function streetFormOf(stateCode: string): number {
  return stateCode === 'DC' ? STREET_FORM.dcQuadrant : stateCode === 'PR' ? STREET_FORM.puertoRico : STREET_FORM.plain;
}

/**
 * Street lines from the dataset's street model: a house number whose digit
 * count and first digit are drawn together from the model (the other digits
 * uniform), an optional directional, a base name (named or numbered), a USPS
 * suffix abbreviation (numbered streets draw theirs from the suffixes
 * numbered streets take), DC's quadrant after it, and sometimes a unit: with
 * the ZIP's unit share (by its density) times the suffix's factor (fewer on
 * cul-de-sacs). Puerto Rico's lines are "<number> Calle <name>". The parts
 * are cached with the spaces around them ("N ", " Ave", " Apt "), so a line
 * is a few concatenations.
 * @example new StreetMaker(data).make(random, zipEntry, STREET_FORM.plain) // "4821 N Oak Ave Apt 12"
 */
export class StreetMaker {
  private readonly leads: WeightedTable;
  private readonly directionals: WeightedTable;
  private readonly bases: WeightedTable;
  private readonly suffixes: WeightedTable;
  private readonly numberedSuffixes: WeightedTable;
  private readonly quadrants: WeightedTable;
  private readonly prTypes: WeightedTable;
  private readonly prNames: WeightedTable;
  private readonly units: WeightedTable;
  /** Per base-name column: 1 when it is a numbered street ("5th"). */
  private readonly numbered: Uint8Array;
  private readonly directionalText: Affixed;
  private readonly suffixText: Affixed;
  private readonly numberedSuffixText: Affixed;
  private readonly quadrantText: Affixed;
  private readonly prTypeText: Affixed;
  private readonly unitText: Affixed;
  /** Where the unit starts (the space before it) in the last line made, or -1 when it has none: `line1` and `line2` are its two parts. */
  unitAt = -1;

  constructor(private readonly data: DataIndex) {
    this.leads = data.table('HN');
    this.directionals = data.table('DP');
    this.bases = data.table('SB');
    this.suffixes = data.table('SX');
    this.numberedSuffixes = data.table('NX');
    this.quadrants = data.table('DQ');
    this.prTypes = data.table('PT');
    this.prNames = data.table('PB');
    this.units = data.table('UD');
    this.numbered = Uint8Array.from({ length: this.bases.size }, (_, column) =>
      /^[1-9]/.test(columnText(data, this.bases, column)) ? 1 : 0,
    );
    this.directionalText = new Affixed(data, this.directionals, (text) => (text === '' ? '' : text + ' '));
    this.suffixText = new Affixed(data, this.suffixes, (text) => ' ' + text);
    this.numberedSuffixText = new Affixed(data, this.numberedSuffixes, (text) => ' ' + text);
    this.quadrantText = new Affixed(data, this.quadrants, (text) => ' ' + text);
    this.prTypeText = new Affixed(data, this.prTypes, (text) => text + ' ');
    this.unitText = new Affixed(data, this.units, (text) => ' ' + text + ' ');
  }

  /** One street line for an address in the ZS entry `zipEntry` of a state of street form `form` ({@link streetFormOf}). */
  make(random: RandomSource, zipEntry: number, form: number): string {
    const lead = pick(this.leads, random);
    const digits = (lead / 10) | 0;
    const rest = POWERS_OF_TEN[digits - 1];
    const house = (lead - digits * 10) * rest + random.below(rest);
    let line: string;
    let factor: number;
    if (form === STREET_FORM.puertoRico) {
      line =
        HOUSE.text(house) +
        this.prTypeText.at(pickColumn(this.prTypes, random)) +
        columnText(this.data, this.prNames, pickColumn(this.prNames, random));
      factor = 100;
    } else {
      // Drawn in DC too (the draws stay aligned) but not written: DC's directional is its quadrant after the suffix.
      const drawn = this.directionalText.at(pickColumn(this.directionals, random));
      const directional = form === STREET_FORM.dcQuadrant ? '' : drawn;
      const base = pickColumn(this.bases, random);
      line = HOUSE.text(house) + directional + columnText(this.data, this.bases, base);
      if (this.numbered[base] === 1) {
        const suffix = pickColumn(this.numberedSuffixes, random);
        line += this.numberedSuffixText.at(suffix);
        factor = this.data.numberedUnitFactors[suffix];
      } else {
        const suffix = pickColumn(this.suffixes, random);
        line += this.suffixText.at(suffix);
        factor = this.data.suffixUnitFactors[suffix];
      }
      if (form === STREET_FORM.dcQuadrant) line += this.quadrantText.at(pickColumn(this.quadrants, random));
    }
    // Unit share in 1/10,000 times a factor in percent: a draw below 1,000,000.
    if (random.below(1_000_000) >= this.data.zipUnitShares[zipEntry] * factor) {
      this.unitAt = -1;
      return line;
    }
    this.unitAt = line.length;
    return line + this.unitText.at(pickColumn(this.units, random)) + decimal(1 + random.below(UNIT_NUMBER_MAX));
  }
}
