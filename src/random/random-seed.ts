/** Words drawn from the cryptographic source at a time: one call per 512 seeds, not one per seed. */
const POOL_WORDS = 1024;
const pool = new Uint32Array(POOL_WORDS);
let next = POOL_WORDS;

/**
 * A fresh seed for a run the caller did not seed: a decimal integer below
 * 2^53 from the platform's cryptographic source (Web Crypto, in Node and
 * browsers alike). Only entry points call this; the generator core never
 * does. The API picks one per unseeded request, so the words are drawn in
 * blocks.
 * @example randomSeed() // "4839201958123"
 */
export function randomSeed(): string {
  if (next + 2 > POOL_WORDS) {
    globalThis.crypto.getRandomValues(pool);
    next = 0;
  }
  const high = pool[next++] & 0x1fffff;
  const low = pool[next++];
  return String(high * 4294967296 + low);
}
