import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { setRateLimitHeaders } from './rate-limit-headers.js';

/** An error handler that answers with a problem (problem/error-handler.ts). */
type ProblemErrorHandler = (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * The error handler of the authenticated API: an error answered after
 * authentication carries the RateLimit fields too. A refusal of the rate or
 * the quota has them already; another error (a bad parameter, a ZIP code
 * not found) gets them here, from a peek at the quota, before `handler`
 * sends the problem. So the problem layer never reaches into the access layer.
 * @example api.setErrorHandler(withRateLimitHeaders(errorHandler))
 */
export function withRateLimitHeaders(
  handler: ProblemErrorHandler,
): (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  // Resolves once the problem is sent (Fastify sends nothing more for undefined).
  return async (error, request, reply) => {
    // setRateLimitHeaders never fails (it logs and leaves the fields out); the problem is sent either way.
    if (request.access && !reply.hasHeader('ratelimit')) await setRateLimitHeaders(request, reply);
    handler(error, request, reply);
  };
}
