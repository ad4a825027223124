/**
 * A value now or later. Interfaces whose in-process implementations answer
 * at once (the token bucket, the embedded usage ledger, a cached key) return
 * this, while a networked implementation (Redis, PostgreSQL) can return a
 * promise; callers `await` either.
 * @example const decision: RateDecision = await limiter.take(id, 10, now);
 */
export type Awaitable<T> = T | Promise<T>;
