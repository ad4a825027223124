import type { BirthIndex } from '../data-index/birth-index.js';
import { namesCrc } from '../data-index/birth-index.js';
import { UssynthError } from '../errors.js';
import { RecordRandom, type RandomSource } from '../random/record-random.js';

// Its own stream kind (1 address, 2 phone, 3 geo): drawing a birth date changes no other draw.
const BIRTH_STREAM = 4 << 8;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const TWO_DIGITS = Array.from({ length: 32 }, (_, n) => (n < 10 ? '0' : '') + n);

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** `MM-DD` of each day of a year (0-based), for a common year: a date is its year's text and one of these. */
const COMMON_DAYS = monthDays(false);
/** The same for a leap year. */
const LEAP_DAYS = monthDays(true);

function monthDays(leap: boolean): string[] {
  const days: string[] = [];
  for (let month = 0; month < 12; month++) {
    const length = MONTH_DAYS[month] + (month === 1 && leap ? 1 : 0);
    for (let day = 1; day <= length; day++) days.push(TWO_DIGITS[month + 1] + '-' + TWO_DIGITS[day]);
  }
  return days;
}

/**
 * Birth dates consistent with a first name: a birth cohort of the name's
 * span (its first to its last cohort with births) drawn by the name's
 * cohort profile (the nearest of 256 shared shapes of the people alive who
 * carry a name per cohort, the weights the first name itself was drawn
 * with), a year of the cohort by the people alive born in
 * it, and a day of the year uniformly. Everyone is an adult as of 31
 * December of the reference year. The draws are of their own stream, keyed
 * by the seed, the address stream and the record index.
 * @example new BirthDates(births, key, ['Mary'], ['James']).date(true, 0, 0, 7) // "1956-03-14"
 */
export class BirthDates {
  private readonly random: RecordRandom;
  /** Per sex (0 women, 1 men), per name column: the sum of its profile's weights over its span. */
  private readonly totals: [Uint32Array, Uint32Array];
  /** Per sex, per cohort: the sum of its years' weights, and the years' weights. */
  private readonly yearTotals: [Float64Array, Float64Array];
  /** Per year of the data (from its first year): `YYYY-`. */
  private readonly yearTexts: readonly string[];

  constructor(
    private readonly births: BirthIndex,
    key: Uint32Array,
    femaleNames: readonly string[],
    maleNames: readonly string[],
  ) {
    const { names } = births;
    if (
      names.female !== femaleNames.length ||
      names.male !== maleNames.length ||
      names.femaleCrc !== namesCrc(femaleNames) ||
      names.maleCrc !== namesCrc(maleNames)
    ) {
      throw new UssynthError(
        'invalid_index_file',
        'Invalid ussynth birth index: it was built for other first names than the main index has (rebuild with npm run data:build)',
      );
    }
    this.random = new RecordRandom(key);
    const cohorts = births.cohortCount;
    this.totals = [0, 1].map((sex) => {
      const spans = births.nameSpans[sex];
      const totals = new Uint32Array(spans.length);
      for (let column = 0; column < totals.length; column++) {
        const profile = births.nameProfiles[sex][column] * cohorts;
        for (let c = spans[column] >> 5; c <= (spans[column] & 31); c++) totals[column] += births.profiles[profile + c];
      }
      return totals;
    }) as [Uint32Array, Uint32Array];
    this.yearTotals = [0, 1].map((sex) => {
      const totals = new Float64Array(cohorts);
      for (let c = 0; c < cohorts; c++) {
        for (let y = 0; y < births.cohortYears; y++) totals[c] += births.yearWeights[sex][c * births.cohortYears + y];
      }
      return totals;
    }) as [Float64Array, Float64Array];
    this.yearTexts = Array.from({ length: cohorts * births.cohortYears }, (_, y) => `${births.firstYear + y}-`);
  }

  /** The first birth year of the data (its oldest cohort's first year). */
  get firstYear(): number {
    return this.births.firstYear;
  }

  /** The reference date: everyone is at least 18 on it (`YYYY-12-31`). */
  get referenceDate(): string {
    return `${this.births.referenceYear}-12-31`;
  }

  /** `YYYY-MM-DD` of record `index` of address stream `stream` for the first name at `column` of the women's (`female`) or men's table. */
  date(female: boolean, column: number, stream: number, index: number): string {
    this.random.reset(BIRTH_STREAM + stream, index);
    return this.dateFrom(female, column, this.random);
  }

  /**
   * The same draw as {@link date} from a caller's source, for a record kind with its own stream (households).
   * @example births.dateFrom(true, 0, random) // "1956-03-14"
   */
  dateFrom(female: boolean, column: number, random: RandomSource): string {
    const births = this.births;
    const sex = female ? 0 : 1;
    const cohorts = births.cohortCount;
    // A cohort of the name's span, by its profile's weights (at most 17 x 65,535 in all: below 2^21).
    const profiles = births.profiles;
    const profile = births.nameProfiles[sex][column] * cohorts;
    const span = births.nameSpans[sex][column];
    let draw = random.below(this.totals[sex][column]);
    let cohort = span >> 5;
    while (draw >= profiles[profile + cohort]) draw -= profiles[profile + cohort++];
    // A year of the cohort by the people alive born in it (a fraction of the cohort's total: up to 2^32 people).
    const years = births.yearWeights[sex];
    let people = (random.nextUint32() / 4294967296) * this.yearTotals[sex][cohort];
    let y = cohort * births.cohortYears;
    const last = y + births.cohortYears - 1;
    while (y < last && (people >= years[y] || years[y] === 0)) people -= years[y++];
    while (years[y] === 0) y--;
    // A day of the year from precomputed `MM-DD` texts: no month loop, one concatenation.
    return isLeap(births.firstYear + y)
      ? this.yearTexts[y] + LEAP_DAYS[random.below(366)]
      : this.yearTexts[y] + COMMON_DAYS[random.below(365)];
  }
}
