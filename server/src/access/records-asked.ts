import type { FastifyRequest } from 'fastify';

/** The paged routes: `count` records (default 10, at most 1000); every other request costs one. */
const PAGED = /^\/v1\/(?:batch|eins|phones)(?:\?|$)/;
const DEFAULT_COUNT = 10;
const MAX_COUNT = 1000;

/**
 * How many records a request asks for, read from its URL before it is
 * authenticated or validated, so the connection guard can weigh what a
 * request will cost to make and hold before it starts it: a paged route's
 * `count` (10 when absent; a malformed one counts 1, it is refused with 400
 * at no cost), one for every other request.
 * @example recordsAsked(request) // 1000 for GET /v1/batch?count=1000
 */
export function recordsAsked(request: FastifyRequest): number {
  if (!PAGED.test(request.url)) return 1;
  const count = (request.query as { count?: unknown }).count;
  if (count === undefined) return DEFAULT_COUNT;
  const asked = Number(count);
  return Number.isInteger(asked) && asked >= 1 ? Math.min(asked, MAX_COUNT) : 1;
}
