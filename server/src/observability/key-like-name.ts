/**
 * Parameter names a client might put a key or other secret in (`api_key`,
 * `token`, `client_secret`, `Authorization`...): on an API path such a query
 * parameter is refused, and its value is redacted from every logged URL.
 * Not global, so `test` keeps no state between calls.
 * @example KEY_LIKE_NAME.test('api_key') // true
 */
export const KEY_LIKE_NAME = /key|token|secret|auth/i;
