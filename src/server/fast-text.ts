// Formatting that runs on every API request, where V8's general paths enter its C++ runtime:
// JSON.stringify of a string, and printing any number beyond 2^31 (times in ms, large quotas).

// What JSON.stringify escapes in a string: controls, quote, backslash and any surrogate (lone ones are escaped).
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * JSON.stringify(text), without its native call for the common text that
 * needs no escaping.
 * @example jsonString('/v1/zip/10001') // '"/v1/zip/10001"'
 */
export function jsonString(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

const PADS = ['', '0', '00', '000', '0000', '00000'];

/**
 * String(n) for an integer, by two small-integer conversions for values from
 * 2^31 to 2^53 (V8 prints those through its shortest-double algorithm).
 * @example integerText(1795271388689) // "1795271388689"
 */
export function integerText(n: number): string {
  if (n < 0x80000000 || !Number.isSafeInteger(n)) return String(n);
  const high = Math.floor(n / 1_000_000);
  const low = n - high * 1_000_000;
  const digits = low < 10 ? 1 : low < 100 ? 2 : low < 1000 ? 3 : low < 10_000 ? 4 : low < 100_000 ? 5 : 6;
  return `${high}${PADS[6 - digits]}${low}`;
}
