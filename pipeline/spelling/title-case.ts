/**
 * Title-cases a lower-case name: the first letter, every letter after a
 * space, hyphen or apostrophe, and the letter after a leading "Mc"
 * ("mckenzie" -> "McKenzie", "o'neil" -> "O'Neil"). "Mac" is left alone:
 * both "Mackenzie" and "MacKenzie" are common, and the plain form is safer.
 * @example titleCase('mary-kate') // "Mary-Kate"
 */
export function titleCase(name: string): string {
  const cased = name
    .toLowerCase()
    .replace(/(^|[ '-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
  return cased.replace(
    /(^|[ -])Mc([a-z])(?=[a-z])/g,
    (_, before: string, letter: string) => before + 'Mc' + letter.toUpperCase(),
  );
}
