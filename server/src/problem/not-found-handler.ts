import type { FastifyReply, FastifyRequest } from 'fastify';
import { redactedUrl } from '../observability/redacted-url.js';
import { sendProblem } from './send-problem.js';

/**
 * Not-found handler: 405 (with Allow) for a known path with another method,
 * else 404 `not_found`.
 * @example app.setNotFoundHandler(notFoundHandler([/^\/v1\/ein$/]))
 */
export function notFoundHandler(knownGetPaths: readonly RegExp[]) {
  return function onNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const path = redactedUrl(request.url.split('?', 1)[0]);
    if (request.method !== 'GET' && request.method !== 'HEAD' && knownGetPaths.some((p) => p.test(path))) {
      return sendProblem(request, reply, 'method_not_allowed', `${request.method} is not allowed on ${path}; use GET`, {
        headers: { allow: 'GET, HEAD' },
      });
    }
    return sendProblem(
      request,
      reply,
      'not_found',
      `no resource at ${request.method} ${clip(path)}; the API is documented at /v1/docs`,
    );
  };
}

function clip(text: string): string {
  return text.length > 100 ? text.slice(0, 100) + '…' : text;
}
