import type { DataIndex } from '../data-index/data-index.js';
import { UssynthError } from '../errors.js';
import type { ZipLookupResult } from '../types.js';

/**
 * Parses a five-digit ZIP string to its integer value, or throws `invalid_zip`.
 * @example zipNumber('00501') // 501
 */
export function zipNumber(code: unknown): number {
  if (typeof code === 'string' && code.length === 5) {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const digit = code.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) break;
      value = value * 10 + digit;
      if (i === 4) return value;
    }
  }
  throw new UssynthError(
    'invalid_zip',
    `zip must be a string of exactly five digits, got ${JSON.stringify(code)}`,
    'zip',
  );
}

/**
 * Looks a ZIP up: its state, the state's full name and the ZIP's city; null
 * for a well-formed ZIP that is not in the table.
 * @example lookupZip(data, '10001') // { zip: '10001', state: 'NY', stateFull: 'New York', city: 'New York' }
 */
export function lookupZip(data: DataIndex, code: string): ZipLookupResult | null {
  const row = data.zipRow(zipNumber(code));
  if (row < 0) return null;
  const state = data.states[data.zipStates[row]];
  return { zip: code, state: state.code, stateFull: state.name, city: data.string(data.zipCities[row]) };
}
