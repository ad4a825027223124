/**
 * A fresh seed for a run the caller did not seed: a decimal integer below
 * 2^53 from the platform's cryptographic source (Web Crypto, in Node and
 * browsers alike). Only entry points call this; the generator core never does.
 * @example randomSeed() // "4839201958123"
 */
export function randomSeed(): string {
  const words = globalThis.crypto.getRandomValues(new Uint32Array(2));
  return String((words[0] & 0x1fffff) * 4294967296 + words[1]);
}
