const TWO_DIGITS = Array.from({ length: 32 }, (_, n) => (n < 10 ? '0' : '') + n);
/** `MM-DD` at month x 32 + day (month 1-12, day 1-31): a date is its year's `YYYY-` and one of these. */
const MONTH_DAYS = Array.from({ length: 13 * 32 }, (_, n) => TWO_DIGITS[n >> 5] + '-' + TWO_DIGITS[n & 31]);
/** `YYYY-` by year (1000-9999), each made on first use. */
const YEAR_TEXTS = new Array<string | null>(10_000).fill(null);

// Plain arithmetic on the proleptic Gregorian calendar (H. Hinnant's days_from_civil and civil_from_days): no Date
// object per call, since a household makes several of these per person.

function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function digits(date: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) value = value * 10 + date.charCodeAt(i) - 48;
  return value;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * Days since 1970-01-01 of a `YYYY-MM-DD` date.
 * @example dayOf('1970-01-02') // 1
 */
export function dayOf(date: string): number {
  return daysFromCivil(digits(date, 0, 4), digits(date, 5, 7), digits(date, 8, 10));
}

/**
 * The `YYYY-MM-DD` date of a day number (years 1000-9999).
 * @example dateOf(1) // "1970-01-02"
 */
export function dateOf(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  // One concatenation of cached texts: building the date from its numbers took four (docs/benchmarks.md, "Households").
  return (YEAR_TEXTS[year] ??= `${year}-`) + MONTH_DAYS[month * 32 + day];
}

/**
 * The day number `years` after a date, on the same month and day (29 February into a common year: 1 March), so
 * that a person born on `date` is `years` old from that day on.
 * @example dateOf(yearsAfter('2000-02-29', 1)) // "2001-03-01"
 */
export function yearsAfter(date: string, years: number): number {
  const year = digits(date, 0, 4) + years;
  const month = digits(date, 5, 7);
  const day = digits(date, 8, 10);
  if (month === 2 && day === 29 && !isLeap(year)) return daysFromCivil(year, 3, 1);
  return daysFromCivil(year, month, day);
}

/**
 * Age in whole years on `on` of a person born on `born` (both `YYYY-MM-DD`).
 * @example ageOn('2000-02-29', '2018-02-28') // 17
 */
export function ageOn(born: string, on: string): number {
  const years = Number(on.slice(0, 4)) - Number(born.slice(0, 4));
  return on.slice(5) < born.slice(5) ? years - 1 : years;
}
