import { hash, verify, type Options } from '@node-rs/argon2';
import { normalizePassword } from './password-policy.js';

/**
 * argon2id parameters: OWASP's recommended minimum (19 MiB, 2 passes, 1 lane),
 * about 30 ms per hash here. Stored in each PHC string, so raising them later
 * leaves existing hashes verifiable. `algorithm: 2` is the package's
 * `Algorithm.Argon2id` (a const enum, which isolated modules cannot import).
 */
export const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Hashes a password with argon2id on libuv's thread pool (never on the event
 * loop); the result is a `$argon2id$...` PHC string with its own salt.
 * @example const stored = await hashPassword('correct horse battery staple');
 */
export function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password), ARGON2_OPTIONS);
}

/**
 * Whether a password matches a stored hash (argon2 compares in constant
 * time). A missing hash still costs one verification against a fixed hash,
 * so an unknown address takes as long as a wrong password.
 * @example await verifyPassword(person.passwordHash, 'correct horse battery staple') // true
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const matches = await verify(stored ?? (await unknownPersonHash()), normalizePassword(password)).catch(() => false);
  return stored !== null && matches;
}

let fixedHash: Promise<string> | undefined;
// Made once per process with the same parameters, so it costs what a real verification costs.
function unknownPersonHash(): Promise<string> {
  return (fixedHash ??= hash('no person has this password', ARGON2_OPTIONS));
}
