import type { Redis } from 'ioredis';
import type { RateDecision, RateLimiter } from './rate-limiter.js';
import { bucketDecision, TokenBucketLimiter } from './token-bucket.js';

/**
 * One token-bucket decision in one atomic step, on Redis' own clock (so the
 * instances' clocks need not agree): refill for the time since the last
 * request, take a token if there is one, keep the bucket two seconds past
 * full. Returns {allowed, tokens left as text} (Lua numbers would be cut to
 * integers in the reply).
 */
const TAKE_TOKEN_LUA = `
local rate = tonumber(ARGV[1])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local bucket = redis.call('HMGET', KEYS[1], 't', 'n')
local updated = tonumber(bucket[1])
local tokens = tonumber(bucket[2])
if tokens == nil or updated == nil then
  tokens = rate
  updated = now
end
tokens = math.min(rate, tokens + math.max(0, now - updated) * rate / 1000)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 't', now, 'n', tostring(tokens))
redis.call('PEXPIRE', KEYS[1], 3000)
return {allowed, tostring(tokens)}
`;

/** How long the limiter stays on its local buckets after Redis failed, before it tries Redis again. */
export const REDIS_RETRY_AFTER_MS = 1000;

type TakeToken = (key: string, rate: number) => Promise<[number, string]>;

/** What the limiter reports about Redis: failures and the fallback's start and end. */
export interface RedisLimiterEvents {
  /** Redis failed (the request was decided locally); `first` for the first failure of an outage. */
  onFallback(error: unknown, first: boolean): void;
  /** Redis answered again after an outage. */
  onRecovered(): void;
}

/**
 * The per-key token bucket shared by every instance through Redis: one Lua
 * script per decision (loaded once, then EVALSHA), pipelined with the other
 * commands of the same event-loop turn. When Redis fails or is slow (250 ms
 * bound), the decision falls back to this instance's own bucket for a
 * second, then Redis is tried again: no request waits on a dead Redis, and
 * a limit is per key across the fleet whenever Redis is up (per instance
 * while it is down: documented in docs/deploy.md).
 * @example const limiter = new RedisTokenBucketLimiter(connectRedis(url)); await limiter.take('Ab3dE6gH', 10, Date.now());
 */
export class RedisTokenBucketLimiter implements RateLimiter {
  private readonly takeToken: TakeToken;
  private readonly local = new TokenBucketLimiter();
  private downUntil = 0;
  private outage = false;

  constructor(
    redis: Redis,
    private readonly events: RedisLimiterEvents = { onFallback: () => {}, onRecovered: () => {} },
    private readonly prefix = 'uss:rate:',
  ) {
    redis.defineCommand('ussynthTakeToken', { numberOfKeys: 1, lua: TAKE_TOKEN_LUA });
    this.takeToken = (key, rate) => (redis as unknown as { ussynthTakeToken: TakeToken }).ussynthTakeToken(key, rate);
  }

  /** Whether decisions are being made locally because Redis failed. */
  get fallback(): boolean {
    return this.outage;
  }

  take(key: string, rate: number, nowMs: number): RateDecision | Promise<RateDecision> {
    if (nowMs < this.downUntil) return this.local.take(key, rate, nowMs);
    return this.takeToken(this.prefix + key, rate).then(
      ([allowed, tokensText]) => {
        if (this.outage) {
          this.outage = false;
          this.events.onRecovered();
        }
        return bucketDecision(allowed === 1, Number(tokensText), rate);
      },
      (error: unknown) => {
        this.events.onFallback(error, !this.outage);
        this.outage = true;
        this.downUntil = nowMs + REDIS_RETRY_AFTER_MS;
        return this.local.take(key, rate, nowMs);
      },
    );
  }

  /** Drops the local buckets of idle keys (they serve only during outages). */
  prune(nowMs: number): void {
    this.local.prune(nowMs);
  }
}
