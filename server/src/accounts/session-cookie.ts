import type { FastifyReply } from 'fastify';
import { SESSION_ABSOLUTE_MS } from './people-service.js';
import { clearHostCookie, hostCookie, setHostCookie, type HostCookie } from './host-cookie.js';

/** The session cookie's name and attributes for a public URL (`__Host-ussynth_session` on https). */
export type SessionCookie = HostCookie;

/**
 * The session cookie for the service's public URL (see hostCookie).
 * @example sessionCookie('https://ussynth.example').name // '__Host-ussynth_session'
 */
export function sessionCookie(publicUrl: string): SessionCookie {
  return hostCookie(publicUrl, 'ussynth_session');
}

/**
 * Sets the session cookie, with a Max-Age equal to the session's absolute lifetime.
 * @example setSessionCookie(reply, sessionCookie(publicUrl), sessionId)
 */
export function setSessionCookie(reply: FastifyReply, cookie: SessionCookie, value: string): void {
  setHostCookie(reply, cookie, value, SESSION_ABSOLUTE_MS);
}

/**
 * Clears the session cookie (sign out, ended session).
 * @example clearSessionCookie(reply, sessionCookie(publicUrl))
 */
export function clearSessionCookie(reply: FastifyReply, cookie: SessionCookie): void {
  clearHostCookie(reply, cookie);
}
