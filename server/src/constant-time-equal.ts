/**
 * Whether two strings are equal, in time that depends only on their lengths
 * (keys have one fixed length): every code unit is compared, differences are
 * OR-ed together and there is no early exit. The same as timingSafeEqual on
 * the bytes, without two buffers and a native call per request.
 * @example sameText('uss_live_a', 'uss_live_b') // false
 */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
