import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Format version 1: version byte, 12-byte nonce, 16-byte GCM tag, ciphertext.
const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals a secret with AES-256-GCM under the service's key, bound to `context`
 * (e.g. the account it belongs to), so a sealed value copied onto another
 * account's row does not open there.
 * @example const sealed = sealSecret(key, 'sso-client-secret:7', 'client secret');
 */
export function sealSecret(key: Uint8Array, context: string, secret: string): Uint8Array {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), nonce, cipher.getAuthTag(), body]);
}

/**
 * Opens a sealed secret; throws when the key or the context is not the one
 * it was sealed with, or the bytes were changed.
 * @example const secret = openSecret(key, 'sso-client-secret:7', sealed);
 */
export function openSecret(key: Uint8Array, context: string, sealed: Uint8Array): string {
  const bytes = Buffer.from(sealed);
  if (bytes.length < 1 + NONCE_BYTES + TAG_BYTES || bytes[0] !== VERSION)
    throw new Error('not a sealed secret of this service');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(1, 1 + NONCE_BYTES));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(bytes.subarray(1 + NONCE_BYTES, 1 + NONCE_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(1 + NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new Error(
      'the sealed secret does not open with this key (was USSYNTH_SECRET_KEY or the key file beside the store changed?)',
    );
  }
}

/**
 * The sealing context of an account's SSO client secret.
 * @example sealSecret(key, clientSecretContext(7), secret)
 */
export function clientSecretContext(accountId: number): string {
  return `ussynth:sso-client-secret:${accountId}`;
}
