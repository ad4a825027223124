import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** Response headers a browser page on another origin may read (the problem's request id, the limits, the replay headers). */
export const EXPOSED_HEADERS =
  'retry-after, x-request-id, ratelimit, ratelimit-policy, www-authenticate, x-ussynth-seed, x-ussynth-dataset-version, x-ussynth-generator-version';

/**
 * onRequest hook of `/v1`: lets web pages of any origin read the answers.
 * The data API authenticates with headers, never cookies, so `*` exposes
 * nothing a page could not ask for with its own key; the account API (cookie
 * sessions) has no CORS at all. Costs one header read per request.
 * @example api.addHook('onRequest', allowCrossOrigin)
 */
export function allowCrossOrigin(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (request.headers.origin !== undefined)
    reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', EXPOSED_HEADERS);
  done();
}

/**
 * Answers browsers' CORS preflight (an `OPTIONS` with
 * `Access-Control-Request-Method`) for every `/v1` path without a key: GET
 * and HEAD, with the `x-api-key` and `Authorization` headers, cached for ten
 * minutes. Any other OPTIONS is what it was: 405 (or 404 off the API's paths).
 * @example await app.register(corsPreflightRoutes, { prefix: '/v1' })
 */
export async function corsPreflightRoutes(app: FastifyInstance): Promise<void> {
  app.options('/*', { schema: { hide: true } }, (request, reply) => {
    if (request.headers['access-control-request-method'] === undefined) return reply.callNotFound();
    reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET, HEAD')
      .header('access-control-allow-headers', 'x-api-key, authorization')
      .header('access-control-max-age', '600')
      .header('cache-control', 'no-store')
      .send();
  });
}
