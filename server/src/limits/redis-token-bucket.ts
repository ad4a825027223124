import type { Redis } from 'ioredis';
import type { RateDecision, RateLimiter } from './rate-limiter.js';
import { bucketDecision, TokenBucketLimiter } from './token-bucket.js';

/**
 * One token-bucket decision in one atomic step, on Redis' own clock (so the
 * instances' clocks need not agree): refill for the time since the last
 * request, take up to ARGV[2] whole tokens (a block) if there is at least
 * one, keep the bucket two seconds past full. Returns {tokens taken, tokens
 * left as text} (Lua numbers would be cut to integers in the reply).
 */
const TAKE_TOKENS_LUA = `
local rate = tonumber(ARGV[1])
local want = tonumber(ARGV[2])
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
local taken = math.min(want, math.floor(tokens))
if taken < 0 then
  taken = 0
end
tokens = tokens - taken
redis.call('HSET', KEYS[1], 't', now, 'n', tostring(tokens))
redis.call('PEXPIRE', KEYS[1], 3000)
return {taken, tostring(tokens)}
`;

/** A block is this many seconds of a key's rate (1/100 s): 1 token below 200 rps, 1,000 at 100,000 rps. */
export const TOKEN_BLOCK_SECONDS = 0.01;
/** Tokens of a block not used within this time are dropped (they were taken from the shared bucket: never reused late). */
export const TOKEN_BLOCK_TTL_MS = 1000;

/**
 * How many tokens an instance takes from the shared bucket at once for a key of `rate` requests/s.
 * @example tokenBlock(10) // 1
 */
export function tokenBlock(rate: number): number {
  return Math.max(1, Math.floor(rate * TOKEN_BLOCK_SECONDS));
}

interface HeldTokens {
  /** Whole tokens taken from Redis and not yet used by this instance. */
  tokens: number;
  /** Tokens Redis had left after the last take (for the RateLimit fields). */
  remote: number;
  /** When the held tokens lapse (epoch ms). */
  until: number;
  /** The take under way: requests needing tokens wait for it; resolves to a refusal when Redis had none. */
  pending: Promise<RateDecision | undefined> | undefined;
}

/** How long the limiter stays on its local buckets after Redis failed, before it tries Redis again. */
export const REDIS_RETRY_AFTER_MS = 1000;

type TakeTokens = (key: string, rate: number, want: number) => Promise<[number, string]>;

/** What the limiter reports about Redis: failures and the fallback's start and end. */
export interface RedisLimiterEvents {
  /** Redis failed (the request was decided locally); `first` for the first failure of an outage. */
  onFallback(error: unknown, first: boolean): void;
  /** Redis answered again after an outage. */
  onRecovered(): void;
}

/**
 * The per-key token bucket shared by every instance through Redis, taken in
 * blocks sized to the key's rate (tokenBlock: 1/100 s of it, at least one):
 * a 10 rps key asks Redis on every request, so its limit is exact across the
 * fleet; a 100,000 rps key asks once per 1,000 requests. Tokens come out of
 * the shared bucket when taken, so the fleet never passes the rate; held
 * tokens lapse after a second. One Lua script per take (loaded once, then
 * EVALSHA), pipelined with the other commands of the same event-loop turn,
 * and one take per key under way at a time. When Redis fails or is slow (250 ms
 * bound), the decision falls back to this instance's own bucket for a
 * second, then Redis is tried again: no request waits on a dead Redis, and
 * a limit is per key across the fleet whenever Redis is up (per instance
 * while it is down: documented in docs/deploy.md).
 * @example const limiter = new RedisTokenBucketLimiter(connectRedis(url)); await limiter.take('Ab3dE6gH', 10, Date.now());
 */
export class RedisTokenBucketLimiter implements RateLimiter {
  private readonly takeTokens: TakeTokens;
  private readonly held = new Map<string, HeldTokens>();
  private readonly local = new TokenBucketLimiter();
  private downUntil = 0;
  private outage = false;

  constructor(
    redis: Redis,
    private readonly events: RedisLimiterEvents = { onFallback: () => {}, onRecovered: () => {} },
    private readonly prefix = 'uss:rate:',
  ) {
    redis.defineCommand('ussynthTakeTokens', { numberOfKeys: 1, lua: TAKE_TOKENS_LUA });
    this.takeTokens = (key, rate, want) =>
      (redis as unknown as { ussynthTakeTokens: TakeTokens }).ussynthTakeTokens(key, rate, want);
  }

  /** Whether decisions are being made locally because Redis failed. */
  get fallback(): boolean {
    return this.outage;
  }

  async take(key: string, rate: number, nowMs: number): Promise<RateDecision> {
    for (;;) {
      if (nowMs < this.downUntil) return this.local.take(key, rate, nowMs);
      let held = this.held.get(key);
      if (held && held.tokens >= 1 && held.until > nowMs) {
        held.tokens -= 1;
        return bucketDecision(true, held.tokens + held.remote, rate);
      }
      if (held?.pending) {
        const refusal = await held.pending;
        if (refusal) return refusal;
        continue;
      }
      if (!held) {
        if (this.held.size >= 100_000) this.held.clear();
        held = { tokens: 0, remote: 0, until: 0, pending: undefined };
        this.held.set(key, held);
      }
      const taking = this.fetch(key, rate, nowMs, held);
      held.pending = taking;
      try {
        const refusal = await taking;
        if (refusal) return refusal;
      } finally {
        held.pending = undefined;
      }
    }
  }

  /** Takes a block from Redis into `held`; a refusal when Redis had no whole token (or this instance's decision when Redis failed). */
  private async fetch(key: string, rate: number, nowMs: number, held: HeldTokens): Promise<RateDecision | undefined> {
    let taken: number;
    let remote: number;
    try {
      const [count, tokensText] = await this.takeTokens(this.prefix + key, rate, tokenBlock(rate));
      [taken, remote] = [count, Number(tokensText)];
    } catch (error) {
      this.events.onFallback(error, !this.outage);
      this.outage = true;
      this.downUntil = nowMs + REDIS_RETRY_AFTER_MS;
      return undefined;
    }
    if (this.outage) {
      this.outage = false;
      this.events.onRecovered();
    }
    // Lapsed tokens are dropped, not added: they were the shared bucket's a second ago.
    held.tokens = taken;
    held.remote = remote;
    held.until = nowMs + TOKEN_BLOCK_TTL_MS;
    return taken === 0 ? bucketDecision(false, remote, rate) : undefined;
  }

  /** Drops the local buckets of idle keys (they serve only during outages). */
  prune(nowMs: number): void {
    this.local.prune(nowMs);
    for (const [key, held] of this.held) if (held.until <= nowMs && !held.pending) this.held.delete(key);
  }
}
