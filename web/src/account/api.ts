/** A refusal of the account API: the problem's stable code, its human detail and the field at fault. */
export class AccountApiError extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
    readonly status: number,
    readonly param: string | undefined,
    readonly retryAfter: number | undefined,
  ) {
    super(detail);
    this.name = 'AccountApiError';
  }
}

let csrfToken: string | undefined;

/**
 * Remembers the session's CSRF token (from GET /account/v1/me) for the
 * state-changing calls that follow.
 * @example useCsrfToken(me.csrfToken)
 */
export function useCsrfToken(token: string): void {
  csrfToken = token;
}

/**
 * Calls the account API on this origin with a JSON body; resolves with the
 * JSON answer (undefined for 204) or rejects with an AccountApiError
 * carrying the problem's code and detail (or a network message).
 * @example const me = await accountApi<Me>('GET', '/me');
 */
export async function accountApi<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken !== undefined) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`/account/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new AccountApiError(
      'network_error',
      'The service could not be reached. Check your connection and try again.',
      0,
      undefined,
      undefined,
    );
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const problem = (json ?? {}) as { code?: string; detail?: string; param?: string };
    const retry = Number(response.headers.get('retry-after'));
    throw new AccountApiError(
      problem.code ?? 'http_error',
      problem.detail ?? `The service answered ${response.status}.`,
      response.status,
      problem.param,
      Number.isFinite(retry) && retry > 0 ? retry : undefined,
    );
  }
  return json as T;
}
