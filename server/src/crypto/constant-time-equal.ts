import { timingSafeEqual } from 'node:crypto';

/**
 * Whether two strings are equal, compared with `crypto.timingSafeEqual` on
 * their UTF-16 code units: in time that depends only on their lengths (keys
 * and tokens have one fixed length), so a mismatch does not tell where it is.
 * UTF-16 rather than UTF-8 because it is lossless (a lone surrogate is not
 * replaced) and gives both strings the same byte length once their lengths match.
 * @example constantTimeEqual('uss_live_a', 'uss_live_b') // false
 */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, 'utf16le'), Buffer.from(b, 'utf16le'));
}
