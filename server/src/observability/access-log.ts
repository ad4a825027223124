import type { FastifyReply, FastifyRequest } from 'fastify';
import { redactedUrl } from './redacted-url.js';

/** Longest request target written to the log. */
const MAX_LOGGED_URL = 300;

/**
 * The fields of a request's access line: its id, method, redacted target,
 * status, time taken, key id, records debited, seed and the SSO token's
 * `sub`; never the key or the token.
 * @example request.log.info(accessFields(request, reply), 'request')
 */
export function accessFields(request: FastifyRequest, reply: FastifyReply): Record<string, unknown> {
  return {
    reqId: request.id,
    method: request.method,
    url: loggedUrl(request.url),
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 100) / 100,
    key: request.access?.key.id,
    records: request.access?.records,
    seed: reply.getHeader('x-ussynth-seed'),
    sub: request.ssoSubject ?? undefined,
  };
}

function loggedUrl(url: string): string {
  // Redacted before it is cut, so a key the cut would split is still recognised.
  const safe = redactedUrl(url);
  return safe.length > MAX_LOGGED_URL ? safe.slice(0, MAX_LOGGED_URL) + '…' : safe;
}
