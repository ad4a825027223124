import { invalidOption } from './api-error.js';
import { SEED_RULE, seedText } from '../random/seed-rule.js';

/**
 * What `createClient` takes.
 * @example const options: ClientOptions = { baseUrl: 'https://api.example.com', apiKey: process.env.USSYNTH_API_KEY! }
 */
export interface ClientOptions {
  /** The service root the dashboard gives, without `/v1`: `https://api.example.com` or `http://127.0.0.1:3000`. */
  baseUrl: string | URL;
  /** The API key, sent in the `x-api-key` header (never in the URL). */
  apiKey: string;
  /** Enterprise SSO: sent as `Authorization: Bearer <token>` next to the key when given. */
  bearerToken?: string;
  /** Pages of `addresses` in flight at once, 1..16 (default 4). */
  concurrency?: number;
  /** Retries of one request refused with `rate_limited`, `service_unavailable` or `store_unavailable`, 0..20 (default 5). */
  maxRetries?: number;
  /** The fetch to use (default the global one): a proxy-aware or instrumented fetch. */
  fetch?: typeof fetch;
}

/**
 * Default pages in flight: enough to hide a round trip, few enough that a
 * Standard key (10 requests/s) is not mostly answered 429.
 * @example createClient({ baseUrl, apiKey, concurrency: DEFAULT_CONCURRENCY })
 */
export const DEFAULT_CONCURRENCY = 4;

/**
 * Most pages in flight a client allows.
 * @example createClient({ baseUrl, apiKey, concurrency: MAX_CONCURRENCY })
 */
export const MAX_CONCURRENCY = 16;

/**
 * Default retries of a `rate_limited`, `service_unavailable` or `store_unavailable` request.
 * @example createClient({ baseUrl, apiKey, maxRetries: DEFAULT_MAX_RETRIES })
 */
export const DEFAULT_MAX_RETRIES = 5;

/**
 * Most retries a client allows per request.
 * @example createClient({ baseUrl, apiKey, maxRetries: MAX_RETRIES })
 */
export const MAX_RETRIES = 20;

/**
 * Options checked and filled in.
 * @example resolveClientOptions({ baseUrl: 'http://127.0.0.1:3000', apiKey }).root.href // "http://127.0.0.1:3000/"
 */
export interface ResolvedClientOptions {
  /** The service root, ending in `/`; endpoints are `v1/...` relative to it. */
  root: URL;
  headers: Record<string, string>;
  concurrency: number;
  maxRetries: number;
  fetch: typeof fetch;
}

// Header values must be visible ASCII: a stray line break from a copied key would otherwise fail inside fetch as a network error.
const HEADER_TOKEN = /^[!-~]+$/;

/**
 * A whole-number option from `min` to `max`, or `fallback` when not given;
 * anything else is `invalid_option` naming it.
 * @example wholeNumberOption('pageSize', 500, 1, 1000, 1000) // 500
 */
export function wholeNumberOption(
  name: string,
  value: number | undefined,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw invalidOption(name, `${name} must be a whole number from ${min} to ${max}, got ${String(value)}`);
  return value;
}

/**
 * A call's `seed` as the API takes it, under the library's one seed rule:
 * numbers as their `String()` (so 42 and "42" are one stream), strings as
 * they are, none as none; anything else is `invalid_option`, before a request.
 * @example seedOption(42) // "42"
 */
export function seedOption(seed: unknown): string | undefined {
  if (seed === undefined) return undefined;
  const text = seedText(seed);
  if (text === undefined)
    throw invalidOption('seed', `${SEED_RULE}, got ${typeof seed === 'string' ? JSON.stringify(seed) : String(seed)}`);
  return text;
}

function serviceRoot(baseUrl: string | URL): URL {
  let root: URL;
  try {
    root = new URL(String(baseUrl));
  } catch {
    throw invalidOption(
      'baseUrl',
      `baseUrl must be an absolute http or https URL such as https://api.example.com, got ${JSON.stringify(String(baseUrl))}`,
    );
  }
  if (root.protocol !== 'http:' && root.protocol !== 'https:')
    throw invalidOption('baseUrl', `baseUrl must be an http or https URL, got ${JSON.stringify(root.protocol)}`);
  if (root.search !== '' || root.hash !== '' || root.username !== '' || root.password !== '') {
    throw invalidOption('baseUrl', 'baseUrl must not carry a query, a fragment or credentials; the key goes in apiKey');
  }
  if (!root.pathname.endsWith('/')) root.pathname += '/';
  if (root.pathname.endsWith('/v1/'))
    throw invalidOption(
      'baseUrl',
      `baseUrl is the service root without /v1 (the client adds it): use ${root.href.slice(0, -'v1/'.length)}`,
    );
  return root;
}

/**
 * Checks `createClient`'s options, throwing `invalid_option` naming the
 * first bad one, and fills in the defaults.
 * @example resolveClientOptions({ baseUrl: 'https://api.example.com', apiKey: key, concurrency: 2 })
 */
export function resolveClientOptions(options: ClientOptions): ResolvedClientOptions {
  const root = serviceRoot(options.baseUrl);
  if (typeof options.apiKey !== 'string' || !HEADER_TOKEN.test(options.apiKey)) {
    throw invalidOption('apiKey', 'apiKey must be the API key text (visible ASCII, no spaces or line breaks)');
  }
  const headers: Record<string, string> = {
    accept: 'application/json, application/problem+json',
    'x-api-key': options.apiKey,
  };
  if (options.bearerToken !== undefined) {
    if (typeof options.bearerToken !== 'string' || !HEADER_TOKEN.test(options.bearerToken)) {
      throw invalidOption(
        'bearerToken',
        'bearerToken must be the token text (visible ASCII, no spaces or line breaks), without "Bearer "',
      );
    }
    headers.authorization = `Bearer ${options.bearerToken}`;
  }
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function')
    throw invalidOption('fetch', 'no fetch: this platform has no global fetch; pass one as the fetch option');
  // Called as a plain function: browsers refuse window.fetch called as a method of another object ("Illegal invocation").
  const plainFetch: typeof fetch = (input, init) => fetchImpl(input, init);
  return {
    root,
    headers,
    concurrency: wholeNumberOption('concurrency', options.concurrency, 1, MAX_CONCURRENCY, DEFAULT_CONCURRENCY),
    maxRetries: wholeNumberOption('maxRetries', options.maxRetries, 0, MAX_RETRIES, DEFAULT_MAX_RETRIES),
    fetch: plainFetch,
  };
}
