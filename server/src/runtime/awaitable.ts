/**
 * A value now or later. Interfaces whose in-process implementations answer
 * at once (the token bucket, the embedded usage ledger, a cached key) return
 * this, so the API's hot path runs without a promise per step, while a
 * networked implementation (Redis, PostgreSQL) can still return a promise.
 * @example const decision: Awaitable<RateDecision> = limiter.take(id, 10, now);
 */
export type Awaitable<T> = T | Promise<T>;

/**
 * Whether an awaitable is still to come.
 * @example if (isPromise(result)) result.then(next, fail); else next(result);
 */
export function isPromise<T>(value: Awaitable<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
