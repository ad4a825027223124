/**
 * Compares strings by UTF-16 code units, the order the service sorts what it
 * lists in (never localeCompare: it varies by ICU).
 * @example ['b', 'B', 'a'].sort(byCodePoint) // ['B', 'a', 'b']
 */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
