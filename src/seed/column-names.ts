/**
 * A column or table name as lower-case words: `firstName`, `first_name`,
 * `FIRST-NAME` and `First Name` all give `first_name`; digits stay with the
 * word before them (`address1`, `address_1` -> `address1`).
 * @example nameKey('billingAddressLine2') // "billing_address_line2"
 */
export function nameKey(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '')
    .join('_')
    .replace(/_(\d+)(?=_|$)/g, '$1');
}

/**
 * The singular of a table name's last word, for matching (`companies` -> `company`, `addresses` -> `address`).
 * @example singular('households') // "household"
 */
export function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}
