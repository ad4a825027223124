import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { UssynthError } from 'ussynth';
import { bodyValidationProblem, validationProblem } from './validation-problem.js';
import { LIBRARY_ERROR_HTTP, type HttpErrorCode } from '../error-codes/http-error-codes.js';
import { ProblemError } from './problem-error.js';
import { isStoreUnavailable } from '../store/store-unavailable.js';
import { problemBody, sendProblem } from './send-problem.js';
import { storeUnavailableProblem } from './store-unavailable-problem.js';

// Fastify's own client errors, by status, with a fixed detail (its messages are internal wording).
const FRAMEWORK_STATUS: Record<number, [HttpErrorCode, string]> = {
  400: ['bad_request', 'the request is malformed'],
  408: ['request_timeout', 'the request was not received in time'],
  413: [
    'payload_too_large',
    'the request body is larger than this endpoint accepts (the data API takes none; the account API up to 4 KiB)',
  ],
  414: ['uri_too_long', 'the request target is too long'],
  415: ['unsupported_media_type', 'this endpoint takes no body of that type (the account API takes application/json)'],
  431: ['headers_too_large', 'the request headers are too large'],
};

/**
 * The one error handler: every failure becomes application/problem+json with a
 * stable code and the request id; unexpected errors are logged in full and
 * answered as `internal_error` without any internal detail. Should building
 * that answer fail too, a plain `internal_error` problem is sent, never
 * Fastify's own JSON (which would carry the internal message).
 * @example app.setErrorHandler(errorHandler)
 */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  try {
    return answer(error, request, reply);
  } catch (failure) {
    request.log.error({ err: failure, cause: error }, 'the error handler failed');
    if (reply.sent) return reply;
    const body = problemBody(
      request,
      'internal_error',
      `an internal error occurred; quote request id ${request.id} when reporting it`,
    );
    return reply.code(500).type('application/problem+json').serializer(JSON.stringify).send(body);
  }
}

function answer(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ProblemError) {
    return sendProblem(request, reply, error.code, error.detail, error.extras);
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation && fastifyError.validationContext === 'body') {
    const problem = bodyValidationProblem(fastifyError.validation);
    return sendProblem(request, reply, problem.code, problem.detail, problem.extras);
  }
  if (fastifyError.validation) {
    const context = fastifyError.validationContext === 'params' ? request.params : request.query;
    const schema = request.routeOptions.schema?.[
      fastifyError.validationContext === 'params' ? 'params' : 'querystring'
    ] as { properties?: object } | undefined;
    const problem = validationProblem(fastifyError.validation, context, Object.keys(schema?.properties ?? {}));
    return sendProblem(request, reply, problem.code, problem.detail, problem.extras);
  }
  if (error instanceof UssynthError && LIBRARY_ERROR_HTTP[error.code].status < 500) {
    return sendProblem(
      request,
      reply,
      error.code,
      error.message,
      error.param === undefined ? {} : { param: error.param },
    );
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const [code, detail] = FRAMEWORK_STATUS[status] ?? FRAMEWORK_STATUS[400];
    return sendProblem(request, reply, code, detail);
  }
  if (isStoreUnavailable(error)) {
    // The store is down or overloaded (the account API, SSO, the pages' session check): a retryable 503, counted.
    const problem = storeUnavailableProblem(request, error, 'store');
    return sendProblem(request, reply, problem.code, problem.detail, problem.extras);
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendProblem(
    request,
    reply,
    'internal_error',
    `an internal error occurred; quote request id ${request.id} when reporting it`,
  );
}
