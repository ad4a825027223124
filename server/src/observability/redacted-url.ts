/**
 * Parameter names a client might put a key or other secret in (`api_key`,
 * `token`, `client_secret`, `Authorization`...): on an API path such a query
 * parameter is refused, and its value is redacted from every logged URL.
 * Not global, so `test` keeps no state between calls.
 * @example KEY_LIKE_NAME.test('api_key') // true
 */
export const KEY_LIKE_NAME = /key|token|secret|auth/i;

// The prefix every key starts with; any letter case, since a key typed in capitals is still a secret in a log.
const KEY_PREFIX = /uss_(?:live|test)_/i;
const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const REDACTED = '[redacted]';
// The SSO callback's query carries an authorization code and its state: kept out of the logs whole.
const SSO_CALLBACK = '/signin/sso/callback?';

/**
 * Whether text carries something shaped like an API key, as sent or after
 * undoing percent-encoding (up to three times: `%75ss_live_`, `%2575ss_...`),
 * anywhere: a path segment, a parameter's name or value, a matrix parameter.
 * Cheap for the URLs of normal requests, which hold neither `_` nor `%`.
 * @example mentionsKey('/v1/zip/uss%5Flive%5FAb3dE6gH') // true
 */
export function mentionsKey(text: string): boolean {
  if (text.indexOf('_') < 0 && text.indexOf('%') < 0) return false;
  let decoded = text;
  for (let round = 0; round < 4; round++) {
    if (KEY_PREFIX.test(decoded)) return true;
    const next = decoded.replace(ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === decoded) return false;
    decoded = next;
  }
  return false;
}

/**
 * A request target safe to log: a path segment, or a query parameter (name
 * and value), that carries anything shaped like an API key is replaced whole,
 * and values of key-like parameter names are replaced, so a key sent in the
 * URL by mistake never reaches the logs; the SSO callback's whole query (an
 * authorization code) too.
 * @example redactedUrl('/v1/ein?api_key=uss_live_x') // "/v1/ein?api_key=[redacted]"
 * @example redactedUrl('/v1/zip/uss_live_x?uss_test_y=1') // "/v1/zip/[redacted]?[redacted]"
 */
export function redactedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (url.startsWith(SSO_CALLBACK)) return `${SSO_CALLBACK}${REDACTED}`;
  const path = mark < 0 ? url : url.slice(0, mark);
  const safePath = mentionsKey(path)
    ? path
        .split('/')
        .map((segment) => (mentionsKey(segment) ? REDACTED : segment))
        .join('/')
    : path;
  if (mark < 0) return safePath;
  const query = url.slice(mark + 1);
  if (!mentionsKey(query) && !KEY_LIKE_NAME.test(query)) return safePath + '?' + query;
  const pairs = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    if (mentionsKey(name)) return REDACTED;
    return KEY_LIKE_NAME.test(name) || mentionsKey(pair) ? `${name}=${REDACTED}` : pair;
  });
  return safePath + '?' + pairs.join('&');
}
