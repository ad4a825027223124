import { byCodeUnit, type ErrorCode } from 'ussynth';

/** One entry of the HTTP API's error catalogue. */
export interface HttpErrorSpec {
  /** HTTP status sent with this code. */
  status: number;
  /** Short fixed title of the problem type. */
  title: string;
}

/**
 * Stable error codes of the HTTP API beyond the library's own. `docs/errors.md`
 * is the catalogue; a test fails when it and this table disagree.
 * @example HTTP_ERROR_CODES.rate_limited.status // 429
 */
export const HTTP_ERROR_CODES = {
  bad_request: { status: 400, title: 'Malformed request' },
  unknown_parameter: { status: 400, title: 'Unknown query parameter' },
  invalid_parameter: { status: 400, title: 'Invalid query parameter' },
  api_key_in_query: { status: 400, title: 'API key in the URL' },
  api_key_in_path: { status: 400, title: 'API key in the URL path' },
  invalid_email: { status: 400, title: 'Invalid e-mail address' },
  invalid_password: { status: 400, title: 'Invalid password' },
  invalid_field: { status: 400, title: 'Invalid field' },
  link_invalid: { status: 400, title: 'Invalid link' },
  link_expired: { status: 400, title: 'Link expired' },
  link_used: { status: 400, title: 'Link already used' },
  missing_api_key: { status: 401, title: 'Missing API key' },
  malformed_api_key: { status: 401, title: 'Malformed API key' },
  invalid_api_key: { status: 401, title: 'Unknown API key' },
  revoked_api_key: { status: 401, title: 'Revoked or expired API key' },
  invalid_credentials: { status: 401, title: 'Wrong e-mail or password' },
  not_signed_in: { status: 401, title: 'Not signed in' },
  sso_token_required: { status: 401, title: 'SSO access token required' },
  invalid_token: { status: 401, title: 'Invalid access token' },
  forbidden: { status: 403, title: 'Forbidden' },
  csrf_failed: { status: 403, title: 'Cross-site request refused' },
  email_not_verified: { status: 403, title: 'E-mail address not verified' },
  sso_account_mismatch: { status: 403, title: 'Token of another account' },
  sso_required: { status: 403, title: 'Sign in with SSO' },
  subscription_required: { status: 402, title: 'Subscription required' },
  not_found: { status: 404, title: 'No such resource' },
  key_not_found: { status: 404, title: 'No such key' },
  sso_not_configured: { status: 404, title: 'No SSO for this domain' },
  zip_not_found: { status: 404, title: 'Unknown ZIP code' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  request_timeout: { status: 408, title: 'Request timeout' },
  key_limit_reached: { status: 409, title: 'Key limit reached' },
  payload_too_large: { status: 413, title: 'Request body too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  uri_too_long: { status: 414, title: 'URI too long' },
  headers_too_large: { status: 431, title: 'Request header fields too large' },
  rate_limited: { status: 429, title: 'Rate limit exceeded' },
  quota_exceeded: { status: 429, title: 'Monthly quota exhausted' },
  too_many_attempts: { status: 429, title: 'Too many attempts' },
  too_many_pipelined_requests: { status: 429, title: 'Too many pipelined requests' },
  too_many_auth_failures: { status: 429, title: 'Too many failed authentications' },
  internal_error: { status: 500, title: 'Internal error' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
  store_unavailable: { status: 503, title: 'Store unavailable' },
  mail_unavailable: { status: 503, title: 'E-mail could not be sent' },
  idp_unavailable: { status: 503, title: 'Identity provider unavailable' },
} as const satisfies Record<string, HttpErrorSpec>;

/** A code of the HTTP catalogue. */
export type HttpErrorCode = keyof typeof HTTP_ERROR_CODES;

/**
 * How each library error code (src/errors.ts) is answered over HTTP. The
 * `Record<ErrorCode, ...>` type makes a new library code a compile error here.
 * Codes that only a server fault can raise map to 500 and are reported as `internal_error`.
 * @example LIBRARY_ERROR_HTTP.invalid_state // { status: 400, title: 'Invalid state' }
 */
export const LIBRARY_ERROR_HTTP: Readonly<Record<ErrorCode, HttpErrorSpec>> = {
  invalid_state: { status: 400, title: 'Invalid state' },
  state_not_generatable: { status: 400, title: 'State valid for ZIP lookup only' },
  invalid_count: { status: 400, title: 'Invalid count' },
  invalid_index: { status: 400, title: 'Invalid record offset' },
  invalid_zip: { status: 400, title: 'Invalid ZIP code' },
  invalid_seed: { status: 400, title: 'Invalid seed' },
  invalid_fields: { status: 400, title: 'Invalid fields' },
  invalid_email_domain: { status: 500, title: 'Internal error' },
  invalid_index_file: { status: 500, title: 'Internal error' },
  // The API's schema refuses a geo that is not true/false (invalid_parameter) before the library sees it.
  invalid_geo: { status: 500, title: 'Internal error' },
  geo_unavailable: { status: 500, title: 'Internal error' },
  births_unavailable: { status: 500, title: 'Internal error' },
  companies_unavailable: { status: 500, title: 'Internal error' },
  households_unavailable: { status: 500, title: 'Internal error' },
  job_titles_unavailable: { status: 500, title: 'Internal error' },
  missing_peer_dependency: { status: 500, title: 'Internal error' },
  unsupported_peer_dependency: { status: 500, title: 'Internal error' },
};

/** Any code a problem body can carry: the HTTP codes and the library's client-error codes. */
export type ProblemCode = HttpErrorCode | ErrorCode;

/**
 * Every code that can appear in a problem body, sorted by code point (the schema's enum).
 * @example PROBLEM_CODES.includes('quota_exceeded') // true
 */
export const PROBLEM_CODES: readonly ProblemCode[] = [
  ...(Object.keys(HTTP_ERROR_CODES) as HttpErrorCode[]),
  ...(Object.entries(LIBRARY_ERROR_HTTP) as [ErrorCode, HttpErrorSpec][])
    .filter(([, spec]) => spec.status < 500)
    .map(([code]) => code),
].sort(byCodeUnit);

/**
 * Status and title of any problem code.
 * @example problemSpec('invalid_count').status // 400
 */
export function problemSpec(code: ProblemCode): HttpErrorSpec {
  return code in HTTP_ERROR_CODES ? HTTP_ERROR_CODES[code as HttpErrorCode] : LIBRARY_ERROR_HTTP[code as ErrorCode];
}
