import type { RateDecision, RateLimiter } from './rate-limiter.js';

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/**
 * In-process token bucket per key: capacity = rate (one second of burst),
 * refilled continuously at `rate` tokens per second. Unlike a fixed window it
 * never lets twice the limit through across a window edge.
 * @example const limiter = new TokenBucketLimiter(); (await limiter.take('key', 10, Date.now())).allowed // true
 */
export class TokenBucketLimiter implements RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  /** `maxBuckets`: past this many keys (client addresses can be many), the buckets start over rather than grow. */
  constructor(private readonly maxBuckets = 100_000) {}

  take(key: string, rate: number, nowMs: number): RateDecision {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxBuckets) this.buckets.clear();
      bucket = { tokens: rate, updatedMs: nowMs };
      this.buckets.set(key, bucket);
    } else {
      // Clocks can step back; never refill for negative time.
      const elapsed = Math.max(0, nowMs - bucket.updatedMs) / 1000;
      bucket.tokens = Math.min(rate, bucket.tokens + elapsed * rate);
      bucket.updatedMs = nowMs;
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, remaining: Math.floor(bucket.tokens), resetSeconds: Math.ceil((rate - bucket.tokens) / rate), retryAfterSeconds: 0 };
    }
    return {
      allowed: false,
      remaining: 0,
      resetSeconds: Math.ceil((rate - bucket.tokens) / rate),
      retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / rate)),
    };
  }

  /** Drops buckets that have been full for a while, so memory follows active keys only. */
  prune(nowMs: number, idleMs = 60_000): void {
    for (const [key, bucket] of this.buckets) if (nowMs - bucket.updatedMs > idleMs) this.buckets.delete(key);
  }
}
