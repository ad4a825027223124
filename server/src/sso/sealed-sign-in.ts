import { openSecret, sealSecret } from './secret-box.js';

// Bound to its use: a sealed client secret (or anything else sealed under the key) never opens as a sign-in.
const CONTEXT = 'ussynth:sso-sign-in';

/** A sign-in at the provider that this service started: the checks its callback must pass. */
export interface PendingSignIn {
  accountId: number;
  /** The connection's version when started: settings changed since then refuse the callback. */
  version: number;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Epoch ms after which the callback is refused. */
  until: number;
}

/**
 * Seals a started sign-in for the browser's own cookie (AES-256-GCM under
 * the service's key, base64url): any instance that has the key can finish
 * it, a restart loses none, and the browser can neither read the PKCE
 * verifier and nonce nor change any of it.
 * @example setSignInCookie(reply, publicUrl, sealPendingSignIn(key, pending))
 */
export function sealPendingSignIn(key: Uint8Array, pending: PendingSignIn): string {
  return Buffer.from(sealSecret(key, CONTEXT, JSON.stringify(pending))).toString('base64url');
}

/**
 * Opens a sealed sign-in from a cookie, or null when it is not one this
 * service's key sealed (forged, changed, from before a key rotation).
 * @example const started = openPendingSignIn(key, request.cookies[name]);
 */
export function openPendingSignIn(key: Uint8Array, sealed: string): PendingSignIn | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(openSecret(key, CONTEXT, Buffer.from(sealed, 'base64url')));
  } catch {
    return null;
  }
  const p = parsed as Partial<PendingSignIn> | null;
  const valid =
    p !== null &&
    typeof p === 'object' &&
    Number.isSafeInteger(p.accountId) &&
    Number.isFinite(p.version) &&
    Number.isFinite(p.until) &&
    typeof p.state === 'string' &&
    typeof p.nonce === 'string' &&
    typeof p.codeVerifier === 'string';
  return valid ? (p as PendingSignIn) : null;
}
