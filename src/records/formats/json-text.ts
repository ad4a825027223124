// Characters JSON.stringify escapes: quote, backslash, controls, and UTF-16 surrogates (lone ones are escaped).
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * A string as a JSON string literal, byte-identical to `JSON.stringify(text)`:
 * plain text (nearly every generated field) is just wrapped in quotes, which
 * is several times faster than stringify on the hot path of large runs.
 * @example jsonText('Oak "St"') // "\"Oak \\\"St\\\"\""
 */
export function jsonText(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : '"' + text + '"';
}
