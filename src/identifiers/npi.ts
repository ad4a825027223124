import { fourDigits } from '../generator/digits.js';
import { fmix32 } from '../random/fmix32.js';
import { KeyedPermutation } from '../random/keyed-permutation.js';
import { luhnCheckDigit } from './luhn.js';

/** Eight digits after the leading 1 (or 2): 10^8 NPIs per entity type. */
const BODIES = 100_000_000;

/**
 * The NPI's check digit: Luhn over the ISO card-issuer prefix 80840 and the
 * first nine digits (CMS, "Requirements for NPI check digit").
 * @example npiCheckDigit('123456789') // 3
 */
export function npiCheckDigit(first9: string): number {
  return luhnCheckDigit('80840' + first9);
}

/**
 * National Provider Identifiers: ten digits, a leading 1 for individuals
 * (people) or 2 for organisations, eight more and the check digit. Record
 * `i` of a stream takes one of the 10^8 bodies by a keyed permutation, so
 * NPIs do not repeat within a stream's first 10^8 records. Issued NPIs are
 * in this space too (docs/identifiers.md says what that means).
 * @example new NpiMaker(key).make(1, 0, 7) // "1487203915"
 */
export class NpiMaker {
  private readonly permutation: KeyedPermutation;

  constructor(key: Uint32Array) {
    this.permutation = new KeyedPermutation(BODIES, [fmix32(key[1] ^ 0x6e706921), key[2], key[3], key[0]]);
  }

  /** The NPI of record `index` of stream `stream`, entity type 1 (individual) or 2 (organisation). */
  make(type: 1 | 2, stream: number, index: number): string {
    const run = Math.floor(index / BODIES);
    const body = this.permutation.at(index - run * BODIES, fmix32((run << 9) + (type << 8) + stream));
    const high = Math.floor(body / 10_000);
    const first9 = type + fourDigits(high) + fourDigits(body - high * 10_000);
    return first9 + npiCheckDigit(first9);
  }
}
