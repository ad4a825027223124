import { PROBLEM_CODES } from '../error-codes/http-error-codes.js';

/**
 * JSON schema of every error body (RFC 9457 problem details plus `code` and `request_id`).
 * @example { $ref: 'problem#' }
 */
export const problemSchema = {
  $id: 'problem',
  type: 'object',
  description:
    'RFC 9457 problem details. `code` is stable (see [error codes](/docs/errors.html)); `detail` is for humans and may change.',
  required: ['type', 'title', 'status', 'detail', 'instance', 'code', 'request_id'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', description: 'URN naming the problem type, `urn:ussynth:problem:<code>`.' },
    title: { type: 'string' },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    detail: { type: 'string' },
    instance: { type: 'string', description: 'The request path.' },
    code: { type: 'string', enum: [...PROBLEM_CODES] },
    request_id: { type: 'string', description: 'Also in the X-Request-Id header and the server log.' },
    param: { type: 'string', description: 'The offending parameter, on 400s about one.' },
    remaining: { type: 'integer', minimum: 0, description: 'Records left this month, on quota_exceeded.' },
  },
} as const;

/**
 * A response entry for problem statuses: the body is application/problem+json.
 * @example response: { 200: addressSchema, ...problemResponses(400, 401, 429) }
 */
export function problemResponses(...statuses: number[]): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const status of statuses) {
    out[status] = {
      description: DESCRIPTIONS[status] ?? 'Error',
      content: { 'application/problem+json': { schema: { $ref: 'problem#' } } },
    };
  }
  return out;
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'A parameter is invalid; `param` names it.',
  401: 'Missing, malformed, unknown or revoked API key; for an Enterprise account with SSO, a missing or invalid access token (`sso_token_required`, `invalid_token`).',
  402: "The key's account has no paid plan (`subscription_required`): never subscribed, canceled, or past due beyond the grace period.",
  403: 'Not allowed: on /v1, a valid access token of another account (`sso_account_mismatch`).',
  404: 'Unknown resource.',
  409: 'A cap is reached: the account already has its 100 working keys (`key_limit_reached`).',
  429: 'Rate limit (`rate_limited`), monthly quota (`quota_exceeded`), failed authentications from this address (`too_many_auth_failures`) or pipelining (`too_many_pipelined_requests`); see Retry-After.',
  500: 'Internal error (no details are disclosed).',
  503: "The key or usage store is unavailable, the server is shutting down, or the account's identity provider while a token needed its keys (`idp_unavailable`); see Retry-After.",
};
