import type { FastifyReply } from 'fastify';

/** A cookie's name and whether it is Secure, for the service's public URL. */
export interface HostCookie {
  /** `__Host-<base>` on https (bound to this host, Secure, path /), `<base>` on plain http. */
  name: string;
  /** Whether the cookie is sent only over https. */
  secure: boolean;
}

/**
 * The cookie `base` for the service's public URL: on https the `__Host-`
 * prefix makes browsers refuse it unless it is Secure, has no Domain and
 * has Path=/, so no sibling subdomain can plant or read it.
 * @example hostCookie('https://ussynth.example', 'ussynth_session').name // '__Host-ussynth_session'
 */
export function hostCookie(publicUrl: string, base: string): HostCookie {
  const secure = new URL(publicUrl).protocol === 'https:';
  return { name: secure ? `__Host-${base}` : base, secure };
}

/**
 * Sets the cookie: HttpOnly (no script reads it), SameSite=Lax (not sent on
 * cross-site POSTs, sent on a top-level GET such as a provider's redirect
 * back), Path=/, Secure on https, for `maxAgeMs`.
 * @example setHostCookie(reply, hostCookie(publicUrl, 'ussynth_session'), sessionId, 86_400_000)
 */
export function setHostCookie(reply: FastifyReply, cookie: HostCookie, value: string, maxAgeMs: number): void {
  reply.setCookie(cookie.name, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    path: '/',
    maxAge: maxAgeMs / 1000,
  });
}

/**
 * Clears the cookie (with the attributes it was set with).
 * @example clearHostCookie(reply, hostCookie(publicUrl, 'ussynth_session'))
 */
export function clearHostCookie(reply: FastifyReply, cookie: HostCookie): void {
  reply.clearCookie(cookie.name, { httpOnly: true, sameSite: 'lax', secure: cookie.secure, path: '/' });
}
