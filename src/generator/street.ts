import type { DataIndex, WeightedTable } from '../data-index/data-index.js';
import type { RandomSource } from '../random/record-random.js';
import { decimal, NumberThen } from './digits.js';
import { columnText, pick, pickColumn } from './pick.js';

/** Unit numbers run from 1 to this (e.g. "Apt 12", "Ste 340"). */
export const UNIT_NUMBER_MAX = 499;

const POWERS_OF_TEN = [1, 10, 100, 1_000, 10_000, 100_000];

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

/**
 * Street lines from the dataset's street model: a house number whose digit
 * count is drawn from the model, an optional directional, a base name (named
 * or numbered), a USPS suffix abbreviation and sometimes a unit. The parts
 * are cached with the spaces around them ("N ", " Ave", " Apt "), so a line
 * is a few concatenations.
 * @example new StreetMaker(data).make(random) // "4821 N Oak Ave Apt 12"
 */
export class StreetMaker {
  private readonly digits: WeightedTable;
  private readonly directionals: WeightedTable;
  private readonly bases: WeightedTable;
  private readonly suffixes: WeightedTable;
  private readonly units: WeightedTable;
  /** Per unit-designator column: 1 when it is a unit (not the "" for none). */
  private readonly hasUnit: Uint8Array;
  private readonly directionalText: Affixed;
  private readonly suffixText: Affixed;
  private readonly unitText: Affixed;

  constructor(private readonly data: DataIndex) {
    this.digits = data.table('HN');
    this.directionals = data.table('DP');
    this.bases = data.table('SB');
    this.suffixes = data.table('SX');
    this.units = data.table('UD');
    this.hasUnit = Uint8Array.from({ length: this.units.size }, (_, column) => (columnText(data, this.units, column) === '' ? 0 : 1));
    this.directionalText = new Affixed(data, this.directionals, (text) => (text === '' ? '' : text + ' '));
    this.suffixText = new Affixed(data, this.suffixes, (text) => ' ' + text);
    this.unitText = new Affixed(data, this.units, (text) => ' ' + text + ' ');
  }

  /** One street line. */
  make(random: RandomSource): string {
    const digits = pick(this.digits, random);
    const low = digits === 1 ? 1 : POWERS_OF_TEN[digits - 1];
    const house = low + random.below(POWERS_OF_TEN[digits] - low);
    const directional = this.directionalText.at(pickColumn(this.directionals, random));
    const line = HOUSE.text(house) + directional + columnText(this.data, this.bases, pickColumn(this.bases, random)) + this.suffixText.at(pickColumn(this.suffixes, random));
    const unit = pickColumn(this.units, random);
    return this.hasUnit[unit] === 1 ? line + this.unitText.at(unit) + decimal(1 + random.below(UNIT_NUMBER_MAX)) : line;
  }
}
