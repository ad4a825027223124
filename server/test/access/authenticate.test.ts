import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_CACHE_TTL_MS } from '../../src/access/key-cache.js';
import { rotateIssuedKey } from '../../src/store/issue-key.js';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.destroy());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rate limit (token bucket, burst of one second)', () => {
  it('lets a burst of `rate` through, then 429 rate_limited with Retry-After and RateLimit fields', async () => {
    // The clock stands still, so no token comes back however long the 12 requests take on a loaded machine.
    const now = Date.now();
    const frozen = await startTestServer({ clock: () => now });
    const { key } = await frozen.key('standard');
    const responses = await Promise.all(Array.from({ length: 12 }, () => frozen.get('/v1/ein', key)));
    await frozen.destroy();
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(2);
    for (const response of refused) {
      const body = (await response.json()) as { code: string };
      expect(body.code).toBe('rate_limited');
      expect(response.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
      expect(response.headers.get('ratelimit-policy')).toBe(`"burst";q=10;w=1, "monthly";q=100000;w=${monthSeconds()}`);
      expect(response.headers.get('ratelimit')).toMatch(
        /^"burst";r=0;t=1, "monthly";r=(?:99990|100000|999\d\d);t=\d+$/,
      );
    }
  });

  it('a steady rate under the limit never gets 429', async () => {
    const { key } = await server.key('standard');
    // 8 requests/s for 3 s against a 10/s bucket.
    for (let i = 0; i < 24; i++) {
      const started = Date.now();
      expect((await server.get('/v1/ein', key)).status).toBe(200);
      await sleep(Math.max(0, 125 - (Date.now() - started)));
    }
  });
});

describe('monthly quota (records, debited before serving)', () => {
  it('is exact at the boundary: the last allowed record succeeds, the next is refused saying what remains', async () => {
    const { key } = await server.key('enterprise', { rate: 10_000, monthlyQuota: 1500 });
    expect((await server.get('/v1/batch?count=1000', key)).status).toBe(200);
    const tooBig = await server.get('/v1/batch?count=501', key);
    expect(tooBig.status).toBe(429);
    const body = (await tooBig.json()) as { code: string; remaining: number; detail: string };
    expect(body.code).toBe('quota_exceeded');
    expect(body.remaining).toBe(500);
    expect(body.detail).toContain('500');
    const retryAfter = Number(tooBig.headers.get('retry-after'));
    const untilMonthEnd = (nextMonthStart() - Date.now()) / 1000;
    expect(Math.abs(retryAfter - untilMonthEnd)).toBeLessThan(5);
    expect((await server.get('/v1/batch?count=499', key)).status).toBe(200);
    const last = await server.get('/v1/ein', key);
    expect(last.status).toBe(200);
    expect(last.headers.get('ratelimit')).toMatch(/"monthly";r=0;/);
    const next = await server.get('/v1/zip/10001', key);
    expect(next.status).toBe(429);
    expect(((await next.json()) as { code: string }).code).toBe('quota_exceeded');
  });

  it('never overruns under concurrent requests', async () => {
    const { key } = await server.key('enterprise', { rate: 10_000, monthlyQuota: 50 });
    const responses = await Promise.all(Array.from({ length: 40 }, () => server.get('/v1/batch?count=2', key)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(25);
  });

  it('counts per calendar month in UTC: a new month starts from zero', async () => {
    let now = Date.UTC(2026, 0, 31, 23, 59, 59);
    const timed = await startTestServer({ clock: () => now });
    try {
      const { key } = await timed.key('enterprise', { rate: 10_000, monthlyQuota: 3 });
      expect((await timed.get('/v1/batch?count=3', key)).status).toBe(200);
      const refused = await timed.get('/v1/ein', key);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1');
      now = Date.UTC(2026, 1, 1, 0, 0, 0);
      const fresh = await timed.get('/v1/ein', key);
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get('ratelimit-policy')).toContain(`"monthly";q=3;w=${28 * 86400}`);
    } finally {
      await timed.destroy();
    }
  });
});

describe('revoked and rotated keys', () => {
  it('a revoked key is refused within the key cache TTL', async () => {
    const { id, key } = await server.key();
    expect((await server.get('/v1/ein', key)).status).toBe(200);
    await server.store.keys.revokeKey(id, Date.now());
    await sleep(KEY_CACHE_TTL_MS + 100);
    const response = await server.get('/v1/ein', key);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('revoked_api_key');
  });

  it('a rotated key works during its grace period, then stops; the new key works and shares the account quota', async () => {
    const { id, key } = await server.key('enterprise', { rate: 10_000, monthlyQuota: 100 });
    const rotated = (await rotateIssuedKey(server.store, id, 1, Date.now()))!;
    expect((await server.get('/v1/batch?count=60', key)).status).toBe(200);
    expect((await server.get('/v1/batch?count=40', rotated.key)).status).toBe(200);
    expect((await server.get('/v1/ein', rotated.key)).status).toBe(429);
    await sleep(1100);
    const old = await server.get('/v1/ein', key);
    expect(old.status).toBe(401);
    expect(((await old.json()) as { code: string }).code).toBe('revoked_api_key');
  });
});

describe('restart', () => {
  it('keeps keys and usage', async () => {
    const first = await startTestServer();
    const { key } = await first.key('enterprise', { rate: 10_000, monthlyQuota: 10 });
    expect((await first.get('/v1/batch?count=7', key)).status).toBe(200);
    await first.close();
    const second = await startTestServer({ dir: first.dir });
    try {
      expect((await second.get('/v1/batch?count=4', key)).status).toBe(429);
      expect((await second.get('/v1/batch?count=3', key)).status).toBe(200);
    } finally {
      await second.destroy();
    }
  });
});

function nextMonthStart(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
}

function monthSeconds(): number {
  const now = new Date();
  return (nextMonthStart() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) / 1000;
}
