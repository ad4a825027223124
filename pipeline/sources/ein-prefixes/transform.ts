import { byCodeUnit } from '../../../src/code-unit-order.js';
import type { EinPrefixRecord } from '../../model.js';

/** Sorts by prefix, then campus (prefix 46 belongs to two campuses in the source). */
export function transformEinPrefixes(prefixes: EinPrefixRecord[]): EinPrefixRecord[] {
  return [...prefixes].sort((a, b) => byCodeUnit(a.prefix, b.prefix) || byCodeUnit(a.campus, b.campus));
}
