import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isPromise } from '../runtime/awaitable.js';
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
export function withRateLimitHeaders(handler: ProblemErrorHandler): (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<void> {
  return (error, request, reply) => {
    const headers = request.access && !reply.hasHeader('ratelimit') ? setRateLimitHeaders(request, reply) : undefined;
    if (!isPromise(headers)) return handler(error, request, reply);
    // The promise resolves once the problem is sent (Fastify sends nothing more for undefined).
    const send = () => void handler(error, request, reply);
    return headers.then(send, send);
  };
}
