/** One operation of an OpenAPI document, as far as shaping it needs. */
interface Operation {
  operationId?: string;
  tags?: string[];
  responses?: Record<string, { headers?: Record<string, unknown> }>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const header = (description: string, type: 'string' | 'integer' = 'string') => ({ description, schema: { type } });

// What the server sends, documented once here rather than on each route, so a new route cannot forget it.
const REQUEST_ID = header("The request's id, also in a problem's `request_id` and the server log.");
const RETRY_AFTER = header('Seconds to wait before retrying.', 'integer');
const RATE_LIMIT = header(
  'On `/v1` requests with a key: remaining requests this second and records this month, `"burst";r=<n>;t=<s>, "monthly";r=<n>;t=<s>` (IETF RateLimit header fields, draft-10).',
);
const RATE_LIMIT_POLICY = header(
  'On `/v1` requests with a key: the key\'s policies, `"burst";q=<rate>;w=1, "monthly";q=<quota>;w=<seconds in the month>`.',
);

/**
 * The operationId of `method path` when the route names none: the method,
 * then the path's words in camel case without the `v1` prefix, a parameter as
 * `By<Name>` unless it repeats the word before it (`/v1/zip/{zip}` is `getZip`).
 * Unique, since method and path are.
 * @example operationIdOf('post', '/account/v1/keys/{id}/revoke') // 'postAccountKeysByIdRevoke'
 */
export function operationIdOf(method: string, path: string): string {
  const words: string[] = [];
  for (const segment of path.split('/').filter((s) => s !== '' && s !== 'v1')) {
    const param = /^\{(.+)\}$/.exec(segment)?.[1];
    if (param === undefined) words.push(segment);
    else if (param !== words.at(-1)) words.push('by', param);
  }
  const pascal = words
    .flatMap((word) => word.split(/[^A-Za-z0-9]+/))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return method.toLowerCase() + pascal.join('');
}

/**
 * Shapes the document @fastify/swagger makes for client generators: every
 * operation gets an operationId (its own or `operationIdOf`), every response
 * `X-Request-Id`, a 429 or 503 `Retry-After`, and the responses of `/v1`
 * operations (the key-authenticated data API) the RateLimit fields. Headers
 * a route documents itself are kept.
 * @example await app.register(swagger, { openapi, transformObject: ({ openapiObject }) => shapeOperations(openapiObject) })
 */
export function shapeOperations<T extends { paths?: object }>(document: T): T {
  for (const [path, item] of Object.entries(
    (document.paths ?? {}) as Record<string, Record<string, unknown> | undefined>,
  )) {
    if (!item) continue;
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      const keyed = path.startsWith('/v1/');
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const headers: Record<string, unknown> = { 'X-Request-Id': REQUEST_ID };
        if (status === '429' || status === '503') headers['Retry-After'] = RETRY_AFTER;
        if (keyed && status !== '401')
          Object.assign(headers, { RateLimit: RATE_LIMIT, 'RateLimit-Policy': RATE_LIMIT_POLICY });
        response.headers = { ...headers, ...response.headers };
      }
    }
  }
  return document;
}
