/** Soundex digit of each letter A-Z; 0 for the vowels and Y (they separate), -1 for H and W (they do not). */
const CODES = [0, 1, 2, 3, 0, 1, 2, -1, 0, 2, 2, 4, 5, 5, 0, 1, 2, 6, 2, 3, 0, 1, -1, 2, 0, 2];

/**
 * American Soundex (the National Archives' rules) of a name's letters A-Z,
 * any case; other characters are skipped. "" for a name with no letter.
 * @example soundex('Tymczak') // "T522"
 */
export function soundex(name: string): string {
  const letters = name.toUpperCase().replace(/[^A-Z]/g, '');
  if (letters === '') return '';
  let out = letters[0];
  let last = CODES[letters.charCodeAt(0) - 65];
  for (let i = 1; i < letters.length && out.length < 4; i++) {
    const code = CODES[letters.charCodeAt(i) - 65];
    if (code === -1) continue; // H and W: the letters either side of them count as adjacent.
    if (code !== 0 && code !== last) out += code;
    last = code;
  }
  return out.padEnd(4, '0');
}
