import type { FastifyReply } from 'fastify';
import { clearHostCookie, hostCookie, setHostCookie } from '../accounts/host-cookie.js';
import { SSO_SIGN_IN_TTL_MS } from './sso-sign-in.js';

/**
 * The name of the cookie that carries a started SSO sign-in, sealed, in this browser:
 * `__Host-` prefixed on https, like the session cookie.
 * @example request.cookies[signInCookieName('https://api.example.com')]
 */
export function signInCookieName(publicUrl: string): string {
  return hostCookie(publicUrl, 'ussynth_sso').name;
}

/**
 * Sets the sealed started sign-in for the sign-in's 10 minutes (SameSite=Lax:
 * the provider's redirect back is a top-level GET, on which it is sent).
 * @example setSignInCookie(reply, publicUrl, sealedSignIn)
 */
export function setSignInCookie(reply: FastifyReply, publicUrl: string, sealedSignIn: string): void {
  setHostCookie(reply, hostCookie(publicUrl, 'ussynth_sso'), sealedSignIn, SSO_SIGN_IN_TTL_MS);
}

/**
 * Clears the started sign-in's cookie once its callback came back.
 * @example clearSignInCookie(reply, publicUrl)
 */
export function clearSignInCookie(reply: FastifyReply, publicUrl: string): void {
  clearHostCookie(reply, hostCookie(publicUrl, 'ussynth_sso'));
}
