import type { FastifyRequest } from 'fastify';

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * The origins whose pages may change state: the public URL's, and when that
 * is a loopback address (development), the same port under the other
 * loopback names (`localhost` for `127.0.0.1`), so a developer may use either.
 * @example allowedOrigins('http://127.0.0.1:3000') // ['http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000']
 */
export function allowedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}

/**
 * Whether a state-changing request comes from a page of this service: its
 * `Origin` is an allowed origin (a cross-site page cannot make a browser
 * send another site's origin). Without `Origin`, only `Sec-Fetch-Site:
 * same-origin` passes; a request with neither is refused, so the account
 * API is for browsers on this site.
 * @example if (!isSameOrigin(request, allowedOrigins(publicUrl))) throw new ProblemError('csrf_failed', '...');
 */
export function isSameOrigin(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return allowed.includes(origin);
  return request.headers['sec-fetch-site'] === 'same-origin';
}
