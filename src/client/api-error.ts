/**
 * An RFC 9457 problem as the API sends it (`application/problem+json`), with
 * ussynth's stable `code` and `request_id`. Its codes are listed in docs/errors.md.
 * @example const problem: Problem = { type: 'urn:ussynth:problem:rate_limited', title: 'Rate limit exceeded', status: 429, code: 'rate_limited', request_id: '4dfc…' }
 */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  /** Stable machine-readable code, e.g. `quota_exceeded`. */
  code: string;
  /** Also sent as `X-Request-Id`; quote it when asking about a request. */
  request_id: string;
  /** The offending parameter, on 400s about one. */
  param?: string;
  /** Records left this month, with `quota_exceeded`. */
  remaining?: number;
}

/**
 * Codes of failures the client reports itself, when there is no problem from
 * the API to carry: bad client options, no answer at all, an answer that is
 * not the API's. Every other code is the API's own. docs/errors.md lists
 * both, and a test holds its "Client codes" table against this one.
 * @example if (error.code in CLIENT_ERROR_CODES) console.log('the API never answered with a problem')
 */
export const CLIENT_ERROR_CODES = {
  invalid_option: 'An option given to the client is invalid; nothing was sent. `param` names the option.',
  network_error: 'The request could not be sent or its answer not received (DNS, refused connection, reset, CORS).',
  unexpected_response:
    "An error status without a problem body (a proxy's 502 page), or a body that is not the expected JSON.",
} as const;

/**
 * One of the client's own error codes.
 * @example const code: ClientErrorCode = 'network_error'
 */
export type ClientErrorCode = keyof typeof CLIENT_ERROR_CODES;

/** What an error is made of; every field but `code` and `message` may be missing. */
interface ApiErrorFields {
  code: string;
  message: string;
  status?: number;
  requestId?: string;
  param?: string;
  retryAfter?: number;
  problem?: Problem;
  cause?: unknown;
}

/**
 * The one error type the client throws. `code` is the API problem's stable
 * code (`rate_limited`, `quota_exceeded`, `invalid_state`, ...) or one of
 * CLIENT_ERROR_CODES; `status` the HTTP status (0 when nothing was received);
 * `requestId` the problem's `request_id`.
 * @example try { await client.batch({ count: 1000 }) } catch (e) { if (e instanceof UssynthApiError && e.code === 'quota_exceeded') console.log(e.retryAfter, e.requestId) }
 */
export class UssynthApiError extends Error {
  /** Stable machine-readable code. */
  readonly code: string;
  /** HTTP status of the answer; 0 when there was none (or nothing was sent). */
  readonly status: number;
  /** The problem's `request_id` (or the `X-Request-Id` header of a non-problem answer). */
  readonly requestId: string | undefined;
  /** The offending parameter or client option, when the error is about one. */
  readonly param: string | undefined;
  /** `Retry-After` of the answer in seconds, when it had one. */
  readonly retryAfter: number | undefined;
  /** The whole problem body, when the API sent one. */
  readonly problem: Problem | undefined;

  constructor(fields: ApiErrorFields) {
    super(fields.message, fields.cause === undefined ? undefined : { cause: fields.cause });
    this.name = 'UssynthApiError';
    this.code = fields.code;
    this.status = fields.status ?? 0;
    this.requestId = fields.requestId;
    this.param = fields.param;
    this.retryAfter = fields.retryAfter;
    this.problem = fields.problem;
  }
}

/**
 * An `invalid_option` error naming the option; thrown before anything is sent.
 * @example throw invalidOption('concurrency', 'concurrency must be a whole number from 1 to 16, got 0')
 */
export function invalidOption(param: string, message: string): UssynthApiError {
  return new UssynthApiError({ code: 'invalid_option', message, param });
}

/**
 * Reads a problem body: an object with a text `code` is taken as the API's
 * problem; anything else is not one.
 * @example asProblem(JSON.parse(text)) // Problem | undefined
 */
export function asProblem(body: unknown): Problem | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'string' && code !== '' ? (body as Problem) : undefined;
}
