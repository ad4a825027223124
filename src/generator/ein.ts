import type { DataIndex } from '../data-index/data-index.js';
import type { RandomSource } from '../random/record-random.js';
import type { EinResult } from '../types.js';
import { fourDigits } from './digits.js';

/**
 * A synthetic EIN: a valid IRS campus prefix, a hyphen and seven random digits.
 * @example einOf(data, random) // { ein: '27-1234567' }
 */
export function einOf(data: DataIndex, random: RandomSource): EinResult {
  const prefixes = data.einPrefixes;
  const prefix = prefixes[random.below(prefixes.length)];
  const serial = random.below(10_000_000);
  const high = Math.floor(serial / 10_000);
  return { ein: (prefix < 10 ? '0' : '') + prefix + '-' + fourDigits(high).slice(1) + fourDigits(serial - high * 10_000) };
}
