import { Redis } from 'ioredis';

/** Longest a Redis command may take before it fails (and the caller falls back). */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** Longest the first connection may take. */
export const REDIS_CONNECT_TIMEOUT_MS = 2000;

/**
 * A Redis connection for the service: commands of one event-loop turn are
 * sent together (ioredis' auto-pipelining), every command fails after 250 ms
 * instead of waiting, and while the connection is down commands fail at once
 * (no offline queue to grow without bound); ioredis reconnects by itself,
 * backing off to at most one attempt per second.
 * @example const redis = connectRedis('redis://127.0.0.1:6379');
 */
export function connectRedis(url: string, onError: (error: Error) => void = () => {}): Redis {
  const redis = new Redis(url, {
    enableAutoPipelining: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(1000, 50 * attempt),
    lazyConnect: false,
  });
  // Connection errors are the users' of the connection to report (once per outage); without a listener ioredis prints each.
  redis.on('error', onError);
  return redis;
}

/**
 * Resolves once the connection is ready, or after `timeoutMs` either way
 * (the service then starts on its fallbacks and Redis joins when it can).
 * @example const ready = await redisReady(redis, 2000);
 */
export function redisReady(redis: Redis, timeoutMs = REDIS_CONNECT_TIMEOUT_MS): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(false), timeoutMs);
    const onReady = () => finish(true);
    function finish(ready: boolean) {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    }
    redis.once('ready', onReady);
  });
}
