import type { Awaitable } from '../runtime/awaitable.js';

/** Outcome of taking one request from a key's rate limit. */
export interface RateDecision {
  /** Whether the request may proceed. */
  allowed: boolean;
  /** Whole requests left right now, after this one. */
  remaining: number;
  /** Whole seconds until the bucket is full again (0 when full). */
  resetSeconds: number;
  /** Whole seconds to wait before retrying (>= 1) when refused, else 0. */
  retryAfterSeconds: number;
}

/**
 * Per-key request rate limit. The in-process token bucket implements it;
 * a Redis implementation shared by several instances can replace it
 * without touching the routes (the in-process one answers at once, a
 * networked one with a promise).
 * @example const decision = await limiter.take('Ab3dE6gH', 10, Date.now()); if (!decision.allowed) reply.code(429);
 */
export interface RateLimiter {
  /** Takes one request for `key` at `rate` requests/s (burst of one second) at time `nowMs`. */
  take(key: string, rate: number, nowMs: number): Awaitable<RateDecision>;
}
