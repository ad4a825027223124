import type { FastifyReply, FastifyRequest } from 'fastify';
import { redactedUrl } from '../observability/redacted-url.js';
import { problemSpec, type ProblemCode } from '../error-codes/http-error-codes.js';

/** The RFC 9457 body the API sends, with the service's extension members. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: ProblemCode;
  request_id: string;
  param?: string;
  remaining?: number;
}

/** Problem type URIs: one stable URN per code, documented in docs/errors.md. */
export const PROBLEM_TYPE_PREFIX = 'urn:ussynth:problem:';

/**
 * Builds a problem body for a request.
 * @example problemBody(request, 'missing_api_key', 'send your key in the x-api-key header')
 */
export function problemBody(
  request: FastifyRequest,
  code: ProblemCode,
  detail: string,
  extras: { param?: string; remaining?: number } = {},
): ProblemBody {
  const spec = problemSpec(code);
  const body: ProblemBody = {
    type: PROBLEM_TYPE_PREFIX + code,
    title: spec.title,
    status: spec.status,
    detail,
    // The path only, without anything shaped like a key: the body may be logged or shown on the way back.
    instance: redactedUrl(request.url.split('?', 1)[0]),
    code,
    request_id: request.id,
  };
  if (extras.param !== undefined) body.param = extras.param;
  if (extras.remaining !== undefined) body.remaining = extras.remaining;
  return body;
}

/**
 * Sends a problem+json response with the headers every response carries,
 * including from paths that skip the hooks (framework errors, 404s). The
 * authenticated API's RateLimit headers are set before, by the access layer
 * (access/rate-limit-error-handler.ts).
 * @example return sendProblem(request, reply, 'not_found', 'no route GET /v2/x')
 */
export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ProblemCode,
  detail: string,
  extras: { param?: string; remaining?: number; headers?: Record<string, string> } = {},
): FastifyReply {
  const body = problemBody(request, code, detail, extras);
  reply.code(body.status).type('application/problem+json');
  reply
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .header('x-request-id', request.id);
  if (extras.headers) reply.headers(extras.headers);
  return reply.send(body);
}
