import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KEY_LIKE_NAME, mentionsKey, redactedUrl } from '../../src/observability/redacted-url.js';
import { keysCreate, killServers, serve, serverEnv } from '../serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-redacted-url-'));
afterAll(() => {
  killServers();
  rmSync(dir, { recursive: true, force: true });
});

describe('redactedUrl', () => {
  it('replaces whole what carries a key, wherever it is, and leaves the rest', () => {
    const key = 'uss_live_Ab3dE6gHsecretsecretsecretsecret123456';
    expect(redactedUrl(`/v1/zip/${key}`)).toBe('/v1/zip/[redacted]');
    expect(redactedUrl(`/${key}`)).toBe('/[redacted]');
    expect(redactedUrl(`/v1/ein;key=${key}`)).toBe('/v1/[redacted]');
    expect(redactedUrl(`/v1/ein?${key}`)).toBe('/v1/ein?[redacted]');
    expect(redactedUrl(`/v1/ein?${key}=1&count=2`)).toBe('/v1/ein?[redacted]&count=2');
    expect(redactedUrl(`/v1/ein?seed=${key}`)).toBe('/v1/ein?seed=[redacted]');
    expect(redactedUrl('/v1/ein?token=abc&x=uss_test_zzz')).toBe('/v1/ein?token=[redacted]&x=[redacted]');
    expect(redactedUrl(`/v1/zip/${key.replace(/_/g, '%5F')}`)).toBe('/v1/zip/[redacted]');
    expect(redactedUrl(`/v1/zip/%2575ss_live_${key.slice(9)}`)).toBe('/v1/zip/[redacted]');
    expect(redactedUrl('/v1/batch?count=10&state=CA')).toBe('/v1/batch?count=10&state=CA');
    expect(redactedUrl('/v1/zip/10001')).toBe('/v1/zip/10001');
  });

  it('mentionsKey is false for ordinary URLs, including ones with underscores and escapes', () => {
    for (const url of ['/v1/ein', '/v1/batch?count=1000&seed=a_b', '/v1/zip/%31%30%30%30%31', '/v1/ein?seed=uss_livex'])
      expect(mentionsKey(url), url).toBe(false);
  });
});

describe('a key sent in the URL of a real server', () => {
  it('is refused on every path, as api_key_in_path or api_key_in_query by where it is, and never written to the log', async () => {
    const db = join(dir, 'store.sqlite');
    const env = serverEnv(db, 'info');
    const key = keysCreate({ env }, 'leaky', 1000, 1_000_000);
    const server = await serve({ env }, '--no-dev-key');
    const attacks: [string, string][] = [
      [`/v1/ein?${key}`, 'api_key_in_query'],
      [`/v1/ein?${key}=1`, 'api_key_in_query'],
      [`/v1/zip/${key}`, 'api_key_in_path'],
      [`/${key}`, 'api_key_in_path'],
      [`/v1/ein;key=${key}`, 'api_key_in_path'],
      [`/v1/zip/${key.replace(/_/g, '%5F')}`, 'api_key_in_path'],
      [`/v1/ein?seed=${key}`, 'api_key_in_query'],
      [`/v1/docs/${key}`, 'api_key_in_path'],
      // In both: the path is named.
      [`/v1/zip/${key}?seed=${key}`, 'api_key_in_path'],
    ];
    const ids: string[] = [];
    for (const [path, code] of attacks) {
      const response = await fetch(server.url + path, { headers: { 'x-api-key': key } });
      const body = await response.text();
      expect(response.status, path).toBe(400);
      expect(JSON.parse(body).code, path).toBe(code);
      expect(body).not.toContain(key.slice(9));
      ids.push(response.headers.get('x-request-id')!);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const log = server.output();
    // Every attack has its access line, with the key redacted out of it.
    for (const id of ids) expect(log).toMatch(new RegExp(`"reqId":"${id}"[^\\n]*\\[redacted\\]`));
    expect(log).not.toContain(key.slice(9));
    expect(log).not.toContain(key.slice(20));
  });
});

describe('KEY_LIKE_NAME', () => {
  it('matches the names a key or secret is sent under, in any letter case', () => {
    for (const name of [
      'key',
      'api_key',
      'apiKey',
      'X-API-KEY',
      'token',
      'access_token',
      'client_secret',
      'auth',
      'Authorization',
    ]) {
      expect(KEY_LIKE_NAME.test(name), name).toBe(true);
    }
  });

  it("leaves the API's own parameters alone", () => {
    for (const name of ['seed', 'count', 'start', 'state', 'zip', 'fictional', 'geo'])
      expect(KEY_LIKE_NAME.test(name), name).toBe(false);
  });

  it('gives the same answer when called again (no global flag, no lastIndex)', () => {
    expect([KEY_LIKE_NAME.test('token'), KEY_LIKE_NAME.test('token'), KEY_LIKE_NAME.test('token')]).toEqual([
      true,
      true,
      true,
    ]);
  });
});
