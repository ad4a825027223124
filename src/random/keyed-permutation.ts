import { fmix32 } from './fmix32.js';

const ROUNDS = 4;

/**
 * A keyed bijection of the integers 0..size-1 (size at most 2^32): a
 * balanced Feistel network over the smallest even number of bits that
 * holds `size`, with cycle walking (a value that falls outside the range is
 * enciphered again until it lands inside, which keeps it a bijection; on
 * average fewer than two rounds of the network when size is above a
 * quarter of the bit range). Records of a stream that must not repeat take
 * their value from it by index.
 * @example const p = new KeyedPermutation(830_000_000, key); p.at(0) !== p.at(1) // always
 */
export class KeyedPermutation {
  private readonly halfBits: number;
  private readonly halfMask: number;
  private readonly roundKeys = new Uint32Array(ROUNDS);

  constructor(
    readonly size: number,
    key: ArrayLike<number>,
  ) {
    let bits = 2;
    while (2 ** bits < size) bits += 2;
    this.halfBits = bits / 2;
    this.halfMask = 2 ** this.halfBits - 1;
    for (let r = 0; r < ROUNDS; r++) this.roundKeys[r] = fmix32(key[r % key.length] ^ Math.imul(r + 1, 0x9e3779b9));
  }

  /**
   * The value at position `index` (0..size-1), under a variant of the key
   * (`tweak`, e.g. which run of `size` records the index is in).
   */
  at(index: number, tweak = 0): number {
    const bits = this.halfBits;
    const mask = this.halfMask;
    let value = index;
    do {
      // value < 2^32 and bits <= 16: shifts are exact here.
      let left = value >>> bits;
      let right = value & mask;
      for (let r = 0; r < ROUNDS; r++) {
        const next = (left ^ fmix32(right ^ this.roundKeys[r] ^ tweak)) & mask;
        left = right;
        right = next;
      }
      value = ((left << bits) | right) >>> 0;
    } while (value >= this.size);
    return value;
  }
}
