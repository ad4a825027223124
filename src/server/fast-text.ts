// Formatting that runs on every API request, where V8's general path enters its C++ runtime.

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
