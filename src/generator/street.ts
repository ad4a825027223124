import type { DataIndex } from '../data-index/data-index.js';
import type { RandomSource } from '../random/record-random.js';
import { decimal } from './digits.js';
import { pick, pickText } from './pick.js';

/** Unit numbers run from 1 to this (e.g. "Apt 12", "Ste 340"). */
export const UNIT_NUMBER_MAX = 499;

const POWERS_OF_TEN = [1, 10, 100, 1_000, 10_000, 100_000];

/**
 * Street lines from the dataset's street model: a house number whose digit
 * count is drawn from the model, an optional directional, a base name (named
 * or numbered), a USPS suffix abbreviation and sometimes a unit.
 * @example new StreetMaker(data).make(random) // "4821 N Oak St Apt 12"
 */
export class StreetMaker {
  private readonly digits;
  private readonly directionals;
  private readonly bases;
  private readonly suffixes;
  private readonly units;

  constructor(private readonly data: DataIndex) {
    this.digits = data.table('HN');
    this.directionals = data.table('DP');
    this.bases = data.table('SB');
    this.suffixes = data.table('SX');
    this.units = data.table('UD');
  }

  /** One street line. */
  make(random: RandomSource): string {
    const data = this.data;
    const digits = pick(this.digits, random);
    const low = digits === 1 ? 1 : POWERS_OF_TEN[digits - 1];
    const house = low + random.below(POWERS_OF_TEN[digits] - low);
    const directional = pickText(data, this.directionals, random);
    let line = decimal(house) + ' ' + (directional === '' ? '' : directional + ' ') + pickText(data, this.bases, random) + ' ' + pickText(data, this.suffixes, random);
    const unit = pickText(data, this.units, random);
    if (unit !== '') line += ' ' + unit + ' ' + decimal(1 + random.below(UNIT_NUMBER_MAX));
    return line;
  }
}
