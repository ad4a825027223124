/**
 * Longest seed, in characters. One rule for every surface (library, CLI,
 * API, client, demo): see SEED_RULE.
 * @example 'x'.repeat(MAX_SEED_LENGTH) // the longest accepted seed
 */
export const MAX_SEED_LENGTH = 256;

/**
 * The seed rule as a regular expression source (JSON Schema `pattern`
 * syntax too): 1 to MAX_SEED_LENGTH printable ASCII characters, spaces
 * allowed inside but not first or last. ASCII, because the API echoes the
 * seed in its `X-Ussynth-Seed` header, which carries ASCII only; no space at
 * either end, because HTTP drops it from a header value and a form trims it.
 * @example new RegExp(SEED_PATTERN).test('hello world') // true
 */
export const SEED_PATTERN = `^[!-~](?:[ -~]{0,${MAX_SEED_LENGTH - 2}}[!-~])?$`;

/**
 * The rule in words, for error messages and docs.
 * @example SEED_RULE // "seed must be 1 to 256 printable ASCII characters ..."
 */
export const SEED_RULE = `seed must be 1 to ${MAX_SEED_LENGTH} printable ASCII characters (spaces allowed, but not first or last) or a finite number`;

const SEED = new RegExp(SEED_PATTERN);

/**
 * A seed's canonical text, or undefined when it breaks the rule: a finite
 * number is its `String()` (seed 42 and seed "42" are one stream, as the CLI
 * and the API receive text), a string must match SEED_PATTERN.
 * @example seedText(42) // "42"; seedText(' x') // undefined
 */
export function seedText(seed: unknown): string | undefined {
  if (typeof seed === 'number') return Number.isFinite(seed) ? String(seed) : undefined;
  return typeof seed === 'string' && SEED.test(seed) ? seed : undefined;
}
