import { asProblem, UssynthApiError } from './api-error.js';
import { abortableDelay } from './abortable-delay.js';
import type { ResolvedClientOptions } from './client-options.js';
import { MAX_RETRY_AFTER_SECONDS, parseRetryAfter, retryDelayMs } from './retry-after.js';

/**
 * Problem codes worth retrying after `Retry-After`: a full token bucket, a
 * store that is briefly down. Never `quota_exceeded`: its Retry-After is the
 * month's end.
 * @example RETRIED_CODES.has('rate_limited') // true
 */
export const RETRIED_CODES: ReadonlySet<string> = new Set(['rate_limited', 'service_unavailable', 'store_unavailable']);

/**
 * Query parameters of one request; undefined ones are left out.
 * @example const query: Query = { seed: '42', state: undefined }
 */
export type Query = Record<string, string | number | boolean | undefined>;

function urlOf(root: URL, path: string, query: Query): URL {
  const url = new URL(path, root);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
  return url;
}

/**
 * The body's text, or the signal's reason as soon as it aborts. Node's fetch
 * does not end the read of a compressed (gzip, br) body on abort, so a
 * cancelled call would wait for the whole body; this also cancels the body.
 */
function textOf(response: Response, signal: AbortSignal | undefined): Promise<string> {
  if (!signal) return response.text();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason);
      response.body?.cancel(signal.reason).catch(() => undefined);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    response
      .text()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The error a non-2xx answer stands for: its problem when it has one, else `unexpected_response`. */
async function errorOf(response: Response, signal: AbortSignal | undefined): Promise<UssynthApiError> {
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'), Date.now());
  const text = await textOf(response, signal);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const problem = asProblem(body);
  if (!problem) {
    const requestId = response.headers.get('x-request-id') ?? undefined;
    return new UssynthApiError({
      code: 'unexpected_response',
      message: `HTTP ${response.status} without a problem body from ${response.url}`,
      status: response.status,
      requestId,
      retryAfter,
    });
  }
  const message = `${problem.detail ?? problem.title ?? problem.code} (${problem.code}, HTTP ${response.status}, request ${problem.request_id})`;
  return new UssynthApiError({
    code: problem.code,
    message,
    status: response.status,
    requestId: problem.request_id,
    param: problem.param,
    retryAfter,
    problem,
  });
}

async function bodyOf<T>(response: Response, signal: AbortSignal | undefined): Promise<T> {
  const text = await textOf(response, signal);
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    const requestId = response.headers.get('x-request-id') ?? undefined;
    throw new UssynthApiError({
      code: 'unexpected_response',
      message: `HTTP ${response.status} from ${response.url} is not JSON`,
      status: response.status,
      requestId,
      cause: error,
    });
  }
}

/** One attempt: the parsed body, or the error the answer (or its absence) stands for. */
async function attempt<T>(options: ResolvedClientOptions, url: URL, signal: AbortSignal | undefined): Promise<T> {
  try {
    const response = await options.fetch(url, { headers: options.headers, signal });
    if (!response.ok) throw await errorOf(response, signal);
    return await bodyOf<T>(response, signal);
  } catch (error) {
    // A cancelled call rejects with the caller's reason (an AbortError by default), as fetch itself does.
    if (signal?.aborted) throw signal.reason;
    if (error instanceof UssynthApiError) throw error;
    // Node's fetch says only "fetch failed"; the reason (ECONNREFUSED, a DNS failure) is its cause.
    const reason = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    const message = error instanceof Error ? error.message : String(error);
    throw new UssynthApiError({
      code: 'network_error',
      message: `GET ${url.origin}${url.pathname} failed: ${message}${reason}`,
      cause: error,
    });
  }
}

/**
 * GETs `path` (relative to the service root, e.g. `v1/batch`) and returns
 * its JSON body. A `rate_limited`, `service_unavailable` or `store_unavailable` answer is retried
 * after its Retry-After plus jitter, at most `maxRetries` times; every other
 * failure throws UssynthApiError at once; an aborted signal rejects with its
 * reason, during a request or a wait.
 * @example const batch = await apiGet<BatchResult>(options, 'v1/batch', { seed: '42', count: 10 }, signal)
 */
export async function apiGet<T>(
  options: ResolvedClientOptions,
  path: string,
  query: Query,
  signal: AbortSignal | undefined,
): Promise<T> {
  const url = urlOf(options.root, path, query);
  for (let retries = 0; ; retries++) {
    signal?.throwIfAborted();
    try {
      return await attempt<T>(options, url, signal);
    } catch (error) {
      const retry =
        error instanceof UssynthApiError &&
        RETRIED_CODES.has(error.code) &&
        retries < options.maxRetries &&
        (error.retryAfter ?? 1) <= MAX_RETRY_AFTER_SECONDS;
      if (!retry) throw error;
      await abortableDelay(retryDelayMs(error.retryAfter, Math.random), signal);
    }
  }
}
