import type { DataIndex } from '../data-index/data-index.js';
import { KeyedPermutation } from '../random/keyed-permutation.js';
import type { EinResult } from '../types.js';
import { fourDigits } from '../digits.js';

/** Serial numbers after each campus prefix: 0000000..9999999. */
const SERIALS = 10_000_000;

/**
 * Synthetic EINs: a valid IRS campus prefix, a hyphen and seven digits. Each
 * record takes a distinct (prefix, serial) pair from a keyed permutation of
 * all of them (83 prefixes x 10^7 serials = 830,000,000), so the EINs of a
 * stream do not repeat within its first 830,000,000 records, nor within any
 * later run of that many (each run permutes with its own tweak). Prefixes
 * come out uniformly, as before.
 * @example new EinMaker(data, key).make(0) // { ein: '27-1234567' }
 */
export class EinMaker {
  private readonly permutation: KeyedPermutation;

  constructor(
    private readonly data: DataIndex,
    key: Uint32Array,
  ) {
    this.permutation = new KeyedPermutation(data.einPrefixes.length * SERIALS, [
      key[0] ^ 0x65696e21,
      key[1],
      key[2],
      key[3],
    ]);
  }

  /** The EIN of record `index` of the stream. */
  make(index: number): EinResult {
    const size = this.permutation.size;
    const run = Math.floor(index / size);
    const value = this.permutation.at(index - run * size, run);
    const prefix = this.data.einPrefixes[Math.floor(value / SERIALS)];
    const serial = value % SERIALS;
    const high = Math.floor(serial / 10_000);
    return {
      ein: (prefix < 10 ? '0' : '') + prefix + '-' + fourDigits(high).slice(1) + fourDigits(serial - high * 10_000),
    };
  }
}
