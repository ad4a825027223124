import { byCodePoint } from '../../code-point-order.js';
import type { EinPrefixRecord } from '../../model.js';

/** Sorts by prefix, then campus (prefix 46 belongs to two campuses in the source). */
export function transformEinPrefixes(prefixes: EinPrefixRecord[]): EinPrefixRecord[] {
  return [...prefixes].sort((a, b) => byCodePoint(a.prefix, b.prefix) || byCodePoint(a.campus, b.campus));
}
