// Printing a number beyond 2^31 goes through V8's shortest-double algorithm in its C++ runtime, even
// for an integer; times in ms, picked seeds and large quotas are printed on every API request.

const PADS = ['', '0', '00', '000', '0000', '00000', '000000', '0000000'];

/**
 * String(n) for an integer, by two small-integer conversions for values from
 * 2^31 to 2^53 (V8 prints those through its shortest-double algorithm).
 * @example integerText(1795271388689) // "1795271388689"
 */
export function integerText(n: number): string {
  if (n < 0x80000000 || !Number.isSafeInteger(n)) return String(n);
  // Both parts are small integers (V8's Smis, printed from a cache): n < 2^53 gives high < 9.01e7.
  const high = Math.floor(n / 100_000_000) | 0;
  const low = (n - high * 100_000_000) | 0;
  let digits = 1;
  for (let limit = 10; low >= limit && digits < 8; limit *= 10) digits++;
  return `${high}${PADS[8 - digits]}${low}`;
}
