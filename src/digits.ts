/** "00".."99": four-digit groups are built from two of these. */
const TWO = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));

/** "0".."999": area codes, exchanges and unit numbers, small enough to stay in cache. */
const SMALL = Array.from({ length: 1000 }, (_, n) => String(n));

/**
 * The number 0..9999 as four digits with leading zeros. Built from two
 * cached halves: a 10,000-entry table would miss the CPU cache on most calls.
 * @example fourDigits(42) // "0042"
 */
export function fourDigits(n: number): string {
  const high = (n / 100) | 0;
  return TWO[high] + TWO[n - high * 100];
}

/**
 * The number 0 .. 10^width - 1 as `width` digits (1 to 15) with leading
 * zeros, from the tables: no number-to-text conversion and no padding pass.
 * @example paddedDigits(42, 6) // "000042"
 */
export function paddedDigits(n: number, width: number): string {
  if (width > 4) {
    const high = Math.floor(n / 10_000);
    return paddedDigits(high, width - 4) + fourDigits(n - high * 10_000);
  }
  if (width === 4) return fourDigits(n);
  if (width === 2) return TWO[n];
  if (width === 1) return SMALL[n];
  const high = (n / 100) | 0;
  return SMALL[high] + TWO[n - high * 100];
}

/**
 * A non-negative integer in decimal: from a table below 1000, from two
 * table entries below 100,000 (house numbers, e-mail numbers), from three
 * below 10,000,000 (e-mail numbers of long runs), else String().
 * @example decimal(4821) // "4821"
 */
export function decimal(n: number): string {
  if (n < 1000) return SMALL[n];
  if (n < 100_000) {
    const high = (n / 100) | 0;
    return SMALL[high] + TWO[n - high * 100];
  }
  if (n >= 10_000_000) return String(n);
  const high = (n / 10_000) | 0;
  const low = n - high * 10_000;
  const middle = (low / 100) | 0;
  return SMALL[high] + TWO[middle] + TWO[low - middle * 100];
}

/**
 * Numbers followed by a fixed text (a house number and its space, an
 * e-mail number and "@example.com"), in one concatenation fewer than
 * `decimal(n) + text`: the last two digits come with the text attached,
 * from a 100-entry table that stays in the CPU cache; numbers up to nine
 * digits are written from the tables (37 against 44 ns for `String(n)` on
 * eight digits, as e-mail numbers have from about record 159,000; docs/benchmarks.md).
 * @example new NumberThen(' ').text(4821) // "4821 "
 */
export class NumberThen {
  private readonly lastTwo: readonly string[];

  constructor(private readonly after: string) {
    this.lastTwo = TWO.map((two) => two + after);
  }

  /** `decimal(n) + after` for a non-negative integer n. */
  text(n: number): string {
    if (n < 100) return SMALL[n] + this.after;
    if (n < 100_000) {
      const high = (n / 100) | 0;
      return SMALL[high] + this.lastTwo[n - high * 100];
    }
    if (n >= 1_000_000_000) return String(n) + this.after;
    const high = (n / 10_000) | 0;
    const low = n - high * 10_000;
    const middle = (low / 100) | 0;
    return decimal(high) + TWO[middle] + this.lastTwo[low - middle * 100];
  }
}
