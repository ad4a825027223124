import { fourDigits } from '../digits.js';
import { fmix32 } from '../random/fmix32.js';
import { KeyedPermutation } from '../random/keyed-permutation.js';

/**
 * Group numbers (the fourth and fifth digits) an area 900-999 SSN may have
 * here: 01-99 less the ITIN groups (50-65, 70-88, 90-92, 94-99: IRS,
 * Publication 1915 and the ITIN page) and less 00, which the SSA never issues.
 * @example SSN_GROUPS.length // 55
 */
export const SSN_GROUPS: readonly number[] = Array.from({ length: 99 }, (_, g) => g + 1).filter(
  (g) => !((g >= 50 && g <= 65) || (g >= 70 && g <= 88) || (g >= 90 && g <= 92) || g >= 94),
);

const AREAS = 100; // 900..999
const SERIALS = 9999; // 0001..9999

/**
 * Social Security numbers that are never issued and never an ITIN, by
 * construction: area 900-999 (the SSA has never issued an SSN there, before
 * or after randomization in 2011), a group that is not an ITIN group and
 * not 00, and a serial that is not 0000 (docs/identifiers.md). Record `i`
 * of a stream takes one of the 100 x 55 x 9999 = 54,994,500 by a keyed
 * permutation, so SSNs do not repeat within a stream's first 54,994,500
 * records.
 * @example new SsnMaker(key).make(0, 7) // "953-27-0412"
 */
export class SsnMaker {
  private readonly permutation: KeyedPermutation;
  /**
   * "AAA-GG-" of each (area, group) pair, area-major (5,500 of them): a number's text is this and its
   * serial's four digits, one concatenation.
   */
  private readonly prefixes = Array.from(
    { length: AREAS * SSN_GROUPS.length },
    (_, n) =>
      900 + Math.floor(n / SSN_GROUPS.length) + '-' + String(SSN_GROUPS[n % SSN_GROUPS.length]).padStart(2, '0') + '-',
  );

  constructor(key: Uint32Array) {
    this.permutation = new KeyedPermutation(AREAS * SSN_GROUPS.length * SERIALS, [
      fmix32(key[0] ^ 0x73736e21),
      key[1],
      key[2],
      key[3],
    ]);
  }

  /** The SSN of record `index` of address stream `stream`, `AAA-GG-SSSS`. */
  make(stream: number, index: number): string {
    const size = this.permutation.size;
    const run = Math.floor(index / size);
    const value = this.permutation.at(index - run * size, fmix32((run << 8) + stream));
    const serial = (value % SERIALS) + 1;
    // What is left, area x 55 + group, indexes the prefixes.
    return this.prefixes[(value - serial + 1) / SERIALS] + fourDigits(serial);
  }
}
