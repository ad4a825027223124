import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { AUTH_BUDGETS, AuthThrottle } from '../accounts/auth-throttle.js';
import type { RedisLimiterEvents } from '../limits/redis-token-bucket.js';
import type { ServiceMetrics } from '../observability/metrics.js';

/**
 * What the Redis rate limiter reports, turned into metrics and one log line
 * per outage (not one per request): the fallback gauge, the error counter,
 * and "back on Redis" when it answers again.
 * @example new RedisTokenBucketLimiter(redis, limiterEvents(metrics, () => app.log))
 */
export function limiterEvents(metrics: ServiceMetrics, log: () => FastifyBaseLogger | undefined): RedisLimiterEvents {
  return {
    onFallback(error, first) {
      metrics.count('redis_errors_total');
      if (!first) return;
      metrics.fallingBack(true);
      log()?.warn({ err: error }, 'Redis failed: rate limits fall back to this instance until it answers again');
    },
    onRecovered() {
      metrics.fallingBack(false);
      log()?.info('Redis answers again: rate limits are shared by every instance');
    },
  };
}

/**
 * The sign-in, sign-up and e-mail throttles shared by every instance through
 * Redis (rate-limiter-flexible's Redis limiter), each with an in-memory
 * "insurance" limiter that takes over while Redis fails.
 * @example const throttle = redisAuthThrottle(redis);
 */
export function redisAuthThrottle(redis: Redis): AuthThrottle {
  const limiter = (budget: (typeof AUTH_BUDGETS)[keyof typeof AUTH_BUDGETS]) =>
    new RateLimiterRedis({
      ...budget,
      storeClient: redis,
      keyPrefix: `uss:${budget.keyPrefix}`,
      insuranceLimiter: new RateLimiterMemory(budget),
    });
  return new AuthThrottle({
    perIp: limiter(AUTH_BUDGETS.perIp),
    failedSignins: limiter(AUTH_BUDGETS.failedSignins),
    mails: limiter(AUTH_BUDGETS.mails),
  });
}
