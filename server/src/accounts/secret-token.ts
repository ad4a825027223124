import { randomBytes } from 'node:crypto';
import { constantTimeEqual } from '../crypto/constant-time-equal.js';
import { keyDigest } from '../store/api-key.js';

/**
 * A new secret for a cookie or an e-mailed link: 256 bits from the system's
 * cryptographic source, base64url (43 characters).
 * @example const sessionId = newSecretToken();
 */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the store keeps of a secret token: its SHA-256. A salt adds nothing
 * for 256 random bits, and a plain digest lets the store find the row.
 * @example const digest = tokenDigest(sessionId); await store.sessions.findSession(digest);
 */
export function tokenDigest(token: string): Uint8Array {
  return keyDigest(token);
}

/**
 * Compares two tokens in constant time (for the CSRF token).
 * @example sameToken(request.headers['x-csrf-token'], session.csrfToken)
 */
export function sameToken(given: unknown, expected: string): boolean {
  return typeof given === 'string' && constantTimeEqual(given, expected);
}

/**
 * Whether a text has the shape of a token this module makes (so a forged or
 * truncated one is refused before any store lookup).
 * @example isTokenShaped(newSecretToken()) // true
 */
export function isTokenShaped(text: unknown): text is string {
  return typeof text === 'string' && /^[A-Za-z0-9_-]{43}$/.test(text);
}
