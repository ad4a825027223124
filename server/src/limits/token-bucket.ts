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
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    return bucketDecision(allowed, bucket.tokens, rate);
  }

  /** Drops buckets that have been full for a while, so memory follows active keys only. */
  prune(nowMs: number, idleMs = 60_000): void {
    for (const [key, bucket] of this.buckets) if (nowMs - bucket.updatedMs > idleMs) this.buckets.delete(key);
  }
}

/**
 * The decision a bucket of `rate` holding `tokens` (after taking one, when
 * allowed) gives: what is left, when it is full again, and when to retry.
 * @example bucketDecision(false, 0.25, 10) // { allowed: false, remaining: 0, resetSeconds: 1, retryAfterSeconds: 1 }
 */
export function bucketDecision(allowed: boolean, tokens: number, rate: number): RateDecision {
  const resetSeconds = Math.ceil((rate - tokens) / rate);
  if (allowed) return { allowed, remaining: Math.floor(tokens), resetSeconds, retryAfterSeconds: 0 };
  return { allowed, remaining: 0, resetSeconds, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / rate)) };
}
