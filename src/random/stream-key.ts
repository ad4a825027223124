import alea from 'seedrandom/lib/alea.js';
import { UssynthError } from '../errors.js';

/** A seed as users give it: any non-empty string or finite number. */
export type Seed = string | number;

/**
 * Checks a seed and returns its canonical text: numbers go through
 * `String()`, so seed 42 and seed "42" are the same stream (the CLI and the
 * API receive seeds as text).
 * @example canonicalSeed(42) // "42"
 */
export function canonicalSeed(seed: unknown): string {
  if (typeof seed === 'number' && Number.isFinite(seed)) return String(seed);
  if (typeof seed === 'string' && seed.length > 0 && seed.length <= 256) return seed;
  throw new UssynthError('invalid_seed', 'seed must be a non-empty string of at most 256 characters or a finite number', 'seed');
}

/**
 * Expands a seed into the 128-bit key of its streams with seedrandom's Alea,
 * which hashes any string well and gives the same words on every platform.
 * @example streamKey('42') // Uint32Array(4) [...]
 */
export function streamKey(seed: string): Uint32Array {
  const prng = alea(`ussynth:${seed}`);
  return Uint32Array.of(prng.int32(), prng.int32(), prng.int32(), prng.int32());
}
