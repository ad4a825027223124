import { emptyCache } from '../data-index/data-index.js';

let padded: string[] | undefined;
let plain: (string | null)[] | undefined;

/** Numbers below this are converted to text once and then reused. */
const DECIMAL_CACHE_SIZE = 100_000;

/**
 * The number 0..9999 as four digits with leading zeros, from a table built
 * on first use (padStart on the hot path costs more than the rest of a phone).
 * @example fourDigits(42) // "0042"
 */
export function fourDigits(n: number): string {
  if (!padded) {
    padded = new Array<string>(10_000);
    for (let i = 0; i < 10_000; i++) padded[i] = String(i).padStart(4, '0');
  }
  return padded[n];
}

/**
 * A non-negative integer in decimal; numbers below 100,000 (house numbers,
 * exchanges, unit numbers) come from a cache filled on first use.
 * @example decimal(4821) // "4821"
 */
export function decimal(n: number): string {
  if (n >= DECIMAL_CACHE_SIZE) return String(n);
  plain ??= emptyCache<string>(DECIMAL_CACHE_SIZE);
  return plain[n] ?? (plain[n] = String(n));
}
