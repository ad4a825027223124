/**
 * Compares strings by UTF-16 code units (JavaScript's `<`), the order
 * ussynth sorts every collection in before it writes or lists it: the same
 * on every machine, where `localeCompare` varies with the ICU build. It is
 * code-point order for text without surrogate pairs (everything below
 * U+FFFF, e.g. all ASCII); above that, 'U+FF61' sorts after an emoji.
 * @example ['b', 'B', 'a'].sort(byCodeUnit) // ['B', 'a', 'b']
 */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
