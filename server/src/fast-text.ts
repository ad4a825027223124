// Formatting that runs on every API request, where V8's general path enters its C++ runtime.

/**
 * JSON.stringify(text), without its native call for the common text that
 * needs no escaping.
 * @example jsonString('/v1/zip/10001') // '"/v1/zip/10001"'
 */
export function jsonString(text: string): string {
  // What JSON.stringify may escape: controls, quote, backslash and surrogates (lone ones are escaped). A loop,
  // not a regular expression: the strings are short and this runs several times per request.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(text);
  }
  return `"${text}"`;
}
