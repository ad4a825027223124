import { randomBytes } from 'node:crypto';

/** The base62 alphabet of API keys: digits, upper case, lower case (code-point order). */
export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * `length` base62 characters from the cryptographic random source, without
 * modulo bias (bytes >= 248 are redrawn), so each character carries log2(62) bits.
 * @example randomBase62(24) // "q3ZkT0..." (24 characters, ~142 bits)
 */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * A 32-bit unsigned integer as exactly six base62 digits (62^6 > 2^32).
 * @example base62Fixed6(0xcbf43926) // "4bKKjR" style, always 6 characters
 */
export function base62Fixed6(value: number): string {
  let out = '';
  let rest = value >>> 0;
  for (let i = 0; i < 6; i++) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}
