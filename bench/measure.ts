/** Result of timing one operation. */
export interface Measurement {
  name: string;
  /** Operations per second of the best run. */
  perSecond: number;
  /** Operations per second of the median run. */
  medianPerSecond: number;
}

/**
 * Times `run(count)` (which performs `count` operations) `runs` times after a
 * warm-up and reports the best and median rates. The best run is the one
 * least disturbed by the rest of the machine; the median shows the spread.
 * @example measure('zip lookups', 1e6, (n) => { for (let i = 0; i < n; i++) gen.zip('10001') })
 */
export function measure(name: string, count: number, run: (count: number) => unknown, runs = 7): Measurement {
  run(Math.max(1, Math.floor(count / 4)));
  const rates: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    run(count);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    rates.push(count / seconds);
  }
  rates.sort((a, b) => a - b);
  return { name, perSecond: rates[rates.length - 1], medianPerSecond: rates[Math.floor(rates.length / 2)] };
}

/**
 * Formats a rate for a table: 1234567 -> "1,234,567".
 * @example formatRate(1234567.8) // "1,234,568"
 */
export function formatRate(perSecond: number): string {
  return Math.round(perSecond).toLocaleString('en-US');
}

/**
 * The median of a list (the upper one of the middle two for an even count).
 * @example median([3, 1, 2]) // 2
 */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}
