/**
 * murmur3's 32-bit finaliser: a bijection on 32-bit words that spreads every
 * input bit over the output.
 * @example fmix32(1) // 1364076727
 */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
