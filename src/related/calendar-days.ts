const DAY_MS = 86_400_000;
const TWO_DIGITS = Array.from({ length: 32 }, (_, n) => (n < 10 ? '0' : '') + n);

/**
 * Days since 1970-01-01 of a `YYYY-MM-DD` date.
 * @example dayOf('1970-01-02') // 1
 */
export function dayOf(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

/**
 * The `YYYY-MM-DD` date of a day number.
 * @example dateOf(1) // "1970-01-02"
 */
export function dateOf(day: number): string {
  const date = new Date(day * DAY_MS);
  return date.getUTCFullYear() + '-' + TWO_DIGITS[date.getUTCMonth() + 1] + '-' + TWO_DIGITS[date.getUTCDate()];
}

/**
 * The day number `years` after a date, on the same month and day (29 February into a common year: 1 March), so
 * that a person born on `date` is `years` old from that day on.
 * @example dateOf(yearsAfter('2000-02-29', 1)) // "2001-03-01"
 */
export function yearsAfter(date: string, years: number): number {
  return Date.UTC(Number(date.slice(0, 4)) + years, Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

/**
 * Age in whole years on `on` of a person born on `born` (both `YYYY-MM-DD`).
 * @example ageOn('2000-02-29', '2018-02-28') // 17
 */
export function ageOn(born: string, on: string): number {
  const years = Number(on.slice(0, 4)) - Number(born.slice(0, 4));
  return on.slice(5) < born.slice(5) ? years - 1 : years;
}
