import { fourDigits } from '../digits.js';
import { fmix32 } from '../random/fmix32.js';
import { KeyedPermutation } from '../random/keyed-permutation.js';
import { DIGIT_TEXT } from './digit-texts.js';
import { luhnCheckDigit, luhnSum } from './luhn.js';

/** Eight digits after the leading 1 (or 2): 10^8 NPIs per entity type. */
const BODIES = 100_000_000;
/**
 * The permutation runs over 2^26 values, a power of two so it never cycle-walks (over 10^8 it would,
 * 2.7 networks per value); each is spread over the 10^8 bodies by a multiplier coprime to 10, a
 * bijection modulo 10^8, so 2^26 = 67,108,864 records of a stream have distinct NPIs.
 */
const PERMUTED = 2 ** 26;
const SPREAD = 73_856_093;
/** The Luhn sum of the prefix 80840 in front of the nine digits (CMS). */
const PREFIX_SUM = 24;

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
 * NPIs do not repeat within a stream's first 2^26 (67,108,864) records. Issued NPIs are
 * in this space too (docs/identifiers.md says what that means).
 * @example new NpiMaker(key).make(1, 0, 7) // "1487203915"
 */
export class NpiMaker {
  private readonly permutation: KeyedPermutation;

  constructor(key: Uint32Array) {
    this.permutation = new KeyedPermutation(PERMUTED, [fmix32(key[1] ^ 0x6e706921), key[2], key[3], key[0]]);
  }

  /** The NPI of record `index` of stream `stream`, entity type 1 (individual) or 2 (organisation). */
  make(type: 1 | 2, stream: number, index: number): string {
    const run = Math.floor(index / PERMUTED);
    const value = this.permutation.at(index - run * PERMUTED, fmix32((run << 9) + (type << 8) + stream));
    // value < 2^26 and SPREAD < 2^27: the product is exact.
    const body = (value * SPREAD) % BODIES;
    const high = (body / 10_000) | 0;
    const check = (10 - ((PREFIX_SUM + luhnSum(type * BODIES + body, 9, true)) % 10)) % 10;
    return DIGIT_TEXT[type] + fourDigits(high) + fourDigits(body - high * 10_000) + DIGIT_TEXT[check];
  }
}
