import type { FastifyReply } from 'fastify';
import { SSO_SIGN_IN_TTL_MS } from './sso-sign-in.js';

/**
 * The name of the cookie that ties a started SSO sign-in to this browser:
 * `__Host-` prefixed on https, like the session cookie.
 * @example request.cookies[signInCookieName('https://api.example.com')]
 */
export function signInCookieName(publicUrl: string): string {
  return new URL(publicUrl).protocol === 'https:' ? '__Host-ussynth_sso' : 'ussynth_sso';
}

/**
 * Sets the started sign-in's id: HttpOnly, SameSite=Lax (the provider's
 * redirect back is a top-level GET, on which Lax cookies are sent), for the
 * sign-in's 10 minutes.
 * @example setSignInCookie(reply, publicUrl, transactionId)
 */
export function setSignInCookie(reply: FastifyReply, publicUrl: string, transactionId: string): void {
  reply.setCookie(signInCookieName(publicUrl), transactionId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: new URL(publicUrl).protocol === 'https:',
    path: '/',
    maxAge: SSO_SIGN_IN_TTL_MS / 1000,
  });
}

/**
 * Clears the started sign-in's cookie once its callback came back.
 * @example clearSignInCookie(reply, publicUrl)
 */
export function clearSignInCookie(reply: FastifyReply, publicUrl: string): void {
  reply.clearCookie(signInCookieName(publicUrl), { httpOnly: true, sameSite: 'lax', secure: new URL(publicUrl).protocol === 'https:', path: '/' });
}
