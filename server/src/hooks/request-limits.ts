import type { onRequestHookHandler } from 'fastify';
import type { ServerConfig } from '../config.js';
import { mentionsKey } from '../observability/redacted-url.js';
import { ProblemError } from '../problem/problem-error.js';

/**
 * The onRequest hook that refuses, before any work, a request target over the configured length (414), an API key
 * anywhere in the URL (400; in a path segment, a matrix parameter or a parameter's name, on every path, not only the
 * API's) and a body whose declared length is over its route's `bodyLimit` (413; the server's `bodyLimit` unless
 * the route sets its own, as the account API and the Stripe webhook do). The declared length is checked here because
 * Fastify never reads a GET's body.
 * @example app.addHook('onRequest', requestLimits(config))
 */
export function requestLimits(config: Pick<ServerConfig, 'maxUrlLength'>): onRequestHookHandler {
  const { maxUrlLength } = config;
  return (request, _reply, done) => {
    if (request.url.length > maxUrlLength) {
      throw new ProblemError(
        'uri_too_long',
        `the request target is ${request.url.length} characters; at most ${maxUrlLength} are accepted`,
      );
    }
    if (mentionsKey(request.url)) throw keyInUrl(request.url);
    const length = request.headers['content-length'];
    if (length !== undefined) {
      // Read only when a body is declared: routeOptions makes an object on each read.
      const limit = request.routeOptions.bodyLimit;
      if (Number(length) > limit)
        throw new ProblemError(
          'payload_too_large',
          `the request body is ${length} bytes; at most ${limit} are accepted here`,
        );
    }
    done();
  };
}

// A key in the path (a segment, a matrix parameter) is api_key_in_path; one only in the query string is api_key_in_query.
function keyInUrl(url: string): ProblemError {
  const mark = url.indexOf('?');
  const inPath = mentionsKey(mark < 0 ? url : url.slice(0, mark));
  const advice =
    'send the key in the x-api-key header (and consider rotating it, the URL may have been logged on the way)';
  return inPath
    ? new ProblemError('api_key_in_path', `API keys are never accepted in the URL path; ${advice}`)
    : new ProblemError('api_key_in_query', `API keys are never accepted in the URL (path or query string); ${advice}`);
}
