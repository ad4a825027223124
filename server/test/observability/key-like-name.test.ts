import { describe, expect, it } from 'vitest';
import { KEY_LIKE_NAME } from '../../src/observability/key-like-name.js';

describe('KEY_LIKE_NAME', () => {
  it('matches the names a key or secret is sent under, in any letter case', () => {
    for (const name of ['key', 'api_key', 'apiKey', 'X-API-KEY', 'token', 'access_token', 'client_secret', 'auth', 'Authorization']) {
      expect(KEY_LIKE_NAME.test(name), name).toBe(true);
    }
  });

  it('leaves the API\'s own parameters alone', () => {
    for (const name of ['seed', 'count', 'start', 'state', 'zip', 'fictional', 'geo']) expect(KEY_LIKE_NAME.test(name), name).toBe(false);
  });

  it('gives the same answer when called again (no global flag, no lastIndex)', () => {
    expect([KEY_LIKE_NAME.test('token'), KEY_LIKE_NAME.test('token'), KEY_LIKE_NAME.test('token')]).toEqual([true, true, true]);
  });
});
