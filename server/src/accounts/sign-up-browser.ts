import { createHmac, hkdfSync } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { clearHostCookie, hostCookie, setHostCookie, type HostCookie } from './host-cookie.js';
import { isTokenShaped, newSecretToken, sameToken } from './secret-token.js';

// Its own key, derived from the service's: the key that seals SSO secrets (AES-GCM) is never used as an HMAC key.
const KEY_INFO = 'ussynth:sign-up-browser';

/**
 * The key that binds a verification link to the browser that signed up, derived (HKDF-SHA256) from the service's
 * secret key, so every instance that shares the key recognises the browser.
 * @example const browserKey = signUpBrowserKey(loadSecretKey(undefined, storeFile));
 */
export function signUpBrowserKey(secretKey: Uint8Array): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secretKey, new Uint8Array(0), KEY_INFO, 32));
}

/**
 * What the sign-up browser's cookie holds for a verification link: HMAC-SHA256 of the link's token (base64url, 43
 * characters). It proves the browser without being the link: the cookie alone confirms no address, and only a
 * browser holding both the cookie and the e-mailed token is signed in when the link is followed.
 * @example setSignUpCookie(reply, signUpCookie(publicUrl), signUpBrowserProof(browserKey, token))
 */
export function signUpBrowserProof(browserKey: Uint8Array, linkToken: string): string {
  return createHmac('sha256', browserKey).update(linkToken).digest('base64url');
}

/**
 * A cookie value of the same shape as a proof that proves nothing: what a sign-up with an address that already has
 * an account sets, so the answer's cookies do not tell whether the address is registered.
 * @example setSignUpCookie(reply, cookie, decoyProof())
 */
export function decoyProof(): string {
  return newSecretToken();
}

/**
 * Whether the cookie value is the proof for this link's token (compared in constant time).
 * @example isSignUpBrowser(browserKey, token, request.cookies[signUpCookie(publicUrl).name])
 */
export function isSignUpBrowser(browserKey: Uint8Array, linkToken: string, cookieValue: unknown): boolean {
  return isTokenShaped(cookieValue) && sameToken(cookieValue, signUpBrowserProof(browserKey, linkToken));
}

/**
 * The sign-up browser's cookie for the public URL: `__Host-ussynth_signup` on https (no sibling subdomain can plant
 * one), `ussynth_signup` on http; HttpOnly, SameSite=Lax.
 * @example request.cookies[signUpCookie(publicUrl).name]
 */
export function signUpCookie(publicUrl: string): HostCookie {
  return hostCookie(publicUrl, 'ussynth_signup');
}

/**
 * Sets the sign-up browser's cookie for as long as the link works.
 * @example setSignUpCookie(reply, signUpCookie(publicUrl), proof, VERIFY_LINK_HOURS * 3_600_000)
 */
export function setSignUpCookie(reply: FastifyReply, cookie: HostCookie, proof: string, maxAgeMs: number): void {
  setHostCookie(reply, cookie, proof, maxAgeMs);
}

/**
 * Clears it once the link is used: it served its one link.
 * @example clearSignUpCookie(reply, signUpCookie(publicUrl))
 */
export function clearSignUpCookie(reply: FastifyReply, cookie: HostCookie): void {
  clearHostCookie(reply, cookie);
}
