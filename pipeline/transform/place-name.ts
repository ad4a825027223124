/**
 * Abbreviations of libphonenumber's place names (and of some ZIP city
 * names), spelled out so that both sides compare equal: "St. Louis" and
 * "Saint Louis", "Hilton Head Isle" and "Hilton Head Island",
 * "N Little Rock" and "North Little Rock".
 */
export const PLACE_WORDS: Readonly<Record<string, string>> = {
  bch: 'beach',
  ct: 'court',
  e: 'east',
  ft: 'fort',
  hs: 'house',
  hse: 'house',
  hts: 'heights',
  internatl: 'international',
  isle: 'island',
  mt: 'mount',
  n: 'north',
  s: 'south',
  spgs: 'springs',
  st: 'saint',
  ste: 'sainte',
  twp: 'township',
  w: 'west',
};

/** Trailing words naming a municipality's form rather than the place ("Waterford Township" is Waterford's ZIPs). */
const FORMS = [' charter township', ' township'];

/**
 * Comparison keys of a place name, most exact first: lower case without
 * accents or punctuation, abbreviations spelled out ({@link PLACE_WORDS}),
 * then without a trailing "Township" or "Charter Township".
 * @example placeKeys('Clinton Twp') // ['clinton township', 'clinton']
 */
export function placeKeys(name: string): string[] {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => PLACE_WORDS[word] ?? word);
  const key = words.join(' ');
  const keys = [key];
  for (const form of FORMS) if (key.endsWith(form) && key.length > form.length) keys.push(key.slice(0, -form.length));
  return keys;
}
