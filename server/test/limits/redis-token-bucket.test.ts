import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../../../test/infra/redis-server.js';
import { RedisTokenBucketLimiter, tokenBlock } from '../../src/limits/redis-token-bucket.js';
import { connectRedis, REDIS_COMMAND_TIMEOUT_MS, redisReady } from '../../src/redis/redis-connection.js';

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis?.stop());

describe('RedisTokenBucketLimiter against a real Redis', () => {
  it('shares one bucket per key between limiters (instances): a burst of `rate`, then refusals with Retry-After', async () => {
    const [a, b] = [connectRedis(redis.url), connectRedis(redis.url)];
    try {
      expect(await redisReady(a)).toBe(true);
      expect(await redisReady(b)).toBe(true);
      const instances = [new RedisTokenBucketLimiter(a), new RedisTokenBucketLimiter(b)];
      const decisions = await Promise.all(
        Array.from({ length: 30 }, (_, i) => instances[i % 2].take('shared-key', 10, Date.now())),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
      const refused = decisions.find((d) => !d.allowed)!;
      expect(refused).toMatchObject({ remaining: 0, retryAfterSeconds: 1 });
      // Another key has its own bucket.
      expect((await instances[0].take('other-key', 10, Date.now())).allowed).toBe(true);
      // Refilled at `rate` per second.
      await new Promise((resolve) => setTimeout(resolve, 250));
      const later = await Promise.all(Array.from({ length: 5 }, () => instances[1].take('shared-key', 10, Date.now())));
      expect(later.filter((d) => d.allowed).length).toBeGreaterThanOrEqual(2);
      expect(later.filter((d) => d.allowed).length).toBeLessThanOrEqual(4);
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });

  it('falls back to its own bucket at once when Redis is gone, says so once, and returns to Redis by itself', async () => {
    const connection = connectRedis(redis.url);
    const events: string[] = [];
    const limiter = new RedisTokenBucketLimiter(connection, {
      onFallback: (_e, first) => events.push(first ? 'down' : 'still down'),
      onRecovered: () => events.push('up'),
    });
    try {
      expect(await redisReady(connection)).toBe(true);
      expect((await limiter.take('k', 5, Date.now())).allowed).toBe(true);
      await redis.stop();
      const started = performance.now();
      const during = await Promise.all(Array.from({ length: 8 }, () => limiter.take('k', 5, Date.now())));
      // Bounded: never a wait on a dead Redis beyond the command timeout.
      expect(performance.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 500);
      expect(limiter.fallback).toBe(true);
      // The local bucket still limits: 5 per second.
      expect(during.filter((d) => d.allowed).length).toBeLessThanOrEqual(5);
      expect(events[0]).toBe('down');
      await redis.start();
      await expect
        .poll(
          async () => {
            await limiter.take('k', 5, Date.now());
            return limiter.fallback;
          },
          { timeout: 10_000, interval: 300 },
        )
        .toBe(false);
      expect(events.at(-1)).toBe('up');
      expect(events.filter((e) => e === 'down')).toHaveLength(1);
    } finally {
      connection.disconnect();
    }
  });

  it('takes tokens in blocks sized to the rate: a 100,000 rps key asks Redis once per 1,000 requests, a 10 rps key on every one', async () => {
    expect(tokenBlock(10)).toBe(1);
    expect(tokenBlock(100_000)).toBe(1000);
    const connections = [connectRedis(redis.url), connectRedis(redis.url), connectRedis(redis.url)];
    const admin = connectRedis(redis.url);
    // Script calls counted by Redis itself (EVAL the first time, EVALSHA after).
    const scriptCalls = async () => {
      const stats = await admin.info('commandstats');
      let calls = 0;
      for (const match of stats.matchAll(/cmdstat_(?:eval|evalsha):calls=(\d+)/g)) calls += Number(match[1]);
      return calls;
    };
    try {
      for (const connection of [...connections, admin]) expect(await redisReady(connection)).toBe(true);
      const limiters = connections.map((connection) => new RedisTokenBucketLimiter(connection));
      const before = await scriptCalls();
      const fast = await Promise.all(
        Array.from({ length: 6000 }, (_, i) => limiters[i % 3].take('fast-key', 100_000, Date.now())),
      );
      expect(fast.every((decision) => decision.allowed)).toBe(true);
      const fastCalls = (await scriptCalls()) - before;
      // 6,000 requests on three instances: 2,000 each, two blocks of 1,000 (one take under way per key and instance).
      expect(fastCalls).toBeLessThanOrEqual(3 * 3);
      expect(fastCalls).toBeGreaterThanOrEqual(6);
      // A slow key is limited across the instances as one bucket: 10 of 30, one script call per granted request
      // (requests waiting on an instance's take that Redis refused share its refusal).
      const slowBefore = await scriptCalls();
      const slow = await Promise.all(
        Array.from({ length: 30 }, (_, i) => limiters[i % 3].take('slow-key', 10, Date.now())),
      );
      expect(slow.filter((decision) => decision.allowed)).toHaveLength(10);
      const slowCalls = (await scriptCalls()) - slowBefore;
      expect(slowCalls).toBeGreaterThanOrEqual(10);
      expect(slowCalls).toBeLessThanOrEqual(30);
    } finally {
      for (const connection of [...connections, admin]) connection.disconnect();
    }
  });
});
