// Namespace imports: `crc32` (Node 20.15) as a named import would fail to link on an older Node
// before require-supported-node.ts could say which Node the server needs.
import * as crypto from 'node:crypto';
import * as zlib from 'node:zlib';
import { sha256 } from '../crypto/sha256.js';
import { base62Fixed6, randomBase62 } from './base62.js';

/** Environments a key is minted for; both are accepted by the API, `test` marks keys made for local development. */
export type KeyEnvironment = 'live' | 'test';

/** Length of the non-secret key id (base62) that is shown in listings and logs. */
export const KEY_ID_LENGTH = 8;
/** Length of the secret part (base62): 24 characters are about 142 random bits (at least 128 required). */
export const KEY_SECRET_LENGTH = 24;

// uss_<env>_<id:8><secret:24><crc32:6>; the checksum covers everything before it,
// so secret scanners recognise the shape and a typo is refused without a store lookup.
// The environment and the id are captured; the secret and the 6-character checksum follow.
const KEY_SHAPE = new RegExp(`^uss_(live|test)_([0-9A-Za-z]{${KEY_ID_LENGTH}})[0-9A-Za-z]{${KEY_SECRET_LENGTH + 6}}$`);

/** A freshly minted key: the secret text (shown once) and what the store keeps. */
export interface MintedKey {
  /** The full key, e.g. `uss_live_Ab3dE6gH...`; never stored. */
  key: string;
  /** Short non-secret id, e.g. `Ab3dE6gH`. */
  id: string;
  /** SHA-256 of the full key, the only form stored. */
  digest: Buffer;
  /** `live` or `test`. */
  environment: KeyEnvironment;
}

/**
 * Mints a new API key from the cryptographic random source.
 * @example mintKey('live').key // "uss_live_Ab3dE6gH...(38 more)"
 */
export function mintKey(environment: KeyEnvironment): MintedKey {
  const body = `uss_${environment}_${randomBase62(KEY_ID_LENGTH)}${randomBase62(KEY_SECRET_LENGTH)}`;
  const key = body + checksumOf(body);
  return {
    key,
    id: body.slice(-KEY_SECRET_LENGTH - KEY_ID_LENGTH, -KEY_SECRET_LENGTH),
    digest: keyDigest(key),
    environment,
  };
}

/**
 * Checks a presented key's shape and checksum; its id when well formed, else undefined.
 * @example parseKey(mintKey('live').key)?.id // the 8-character id
 */
export function parseKey(key: string): { id: string; environment: KeyEnvironment } | undefined {
  const shape = keyShape(key);
  return shape && checksumValid(key) ? shape : undefined;
}

/**
 * The id and environment of a key of the right shape, before its checksum
 * is checked (see checksumValid); undefined for any other text.
 * @example keyShape('uss_live_Ab3dE6gH...')?.id // "Ab3dE6gH"
 */
export function keyShape(key: string): { id: string; environment: KeyEnvironment } | undefined {
  const match = KEY_SHAPE.exec(key);
  return match ? { id: match[2], environment: match[1] as KeyEnvironment } : undefined;
}

/**
 * Whether a key of the right shape carries the checksum of the rest: a
 * mistyped key fails here, before any store lookup.
 * @example checksumValid(mintKey('test').key) // true
 */
export function checksumValid(key: string): boolean {
  return checksumOf(key.slice(0, -6)) === key.slice(-6);
}

/**
 * SHA-256 of a key: keys have >= 128 random bits, so a plain digest (no slow KDF) is safe to store.
 * @example keyDigest('uss_live_...').length // 32
 */
export function keyDigest(key: string): Buffer {
  return sha256(key);
}

/**
 * Whether a presented key matches a stored digest, compared in constant time.
 * @example digestMatches('uss_live_...', storedDigest) // true or false
 */
export function digestMatches(key: string, stored: Uint8Array): boolean {
  return digestsEqual(keyDigest(key), stored);
}

/**
 * Whether a presented key's digest (kept while the store was down) equals a stored digest, in constant time.
 * @example digestsEqual(keyDigest(presented), record.digest) // true or false
 */
export function digestsEqual(presented: Uint8Array, stored: Uint8Array): boolean {
  return stored.length === presented.length && crypto.timingSafeEqual(presented, stored);
}

function checksumOf(body: string): string {
  return base62Fixed6(zlib.crc32(body));
}
