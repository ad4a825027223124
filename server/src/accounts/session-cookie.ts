import type { FastifyReply } from 'fastify';
import { SESSION_ABSOLUTE_MS } from './account-service.js';

/** The session cookie's name and attributes for a public URL. */
export interface SessionCookie {
  /** `__Host-ussynth_session` on https (bound to this host, Secure, path /), `ussynth_session` on plain http. */
  name: string;
  /** Whether the cookie is sent only over https. */
  secure: boolean;
}

/**
 * The session cookie for the service's public URL: on https the `__Host-`
 * prefix makes browsers refuse it unless it is Secure, has no Domain and
 * has Path=/, so no sibling subdomain can plant or read it.
 * @example sessionCookie('https://ussynth.example').name // '__Host-ussynth_session'
 */
export function sessionCookie(publicUrl: string): SessionCookie {
  const secure = new URL(publicUrl).protocol === 'https:';
  return { name: secure ? '__Host-ussynth_session' : 'ussynth_session', secure };
}

/**
 * Sets the session cookie: HttpOnly (no script reads it), SameSite=Lax (not
 * sent on cross-site POSTs), Path=/, Secure on https, and a Max-Age equal to
 * the session's absolute lifetime.
 * @example setSessionCookie(reply, sessionCookie(publicUrl), sessionId)
 */
export function setSessionCookie(reply: FastifyReply, cookie: SessionCookie, value: string): void {
  reply.setCookie(cookie.name, value, { httpOnly: true, sameSite: 'lax', secure: cookie.secure, path: '/', maxAge: SESSION_ABSOLUTE_MS / 1000 });
}

/**
 * Clears the session cookie (sign out, ended session).
 * @example clearSessionCookie(reply, sessionCookie(publicUrl))
 */
export function clearSessionCookie(reply: FastifyReply, cookie: SessionCookie): void {
  reply.clearCookie(cookie.name, { httpOnly: true, sameSite: 'lax', secure: cookie.secure, path: '/' });
}
