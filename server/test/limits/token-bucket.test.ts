import { describe, expect, it } from 'vitest';
import { TokenBucketLimiter } from '../../src/limits/token-bucket.js';

describe('token bucket', () => {
  it('allows a burst of one second of rate, then refuses with a whole-second Retry-After', () => {
    const limiter = new TokenBucketLimiter();
    for (let i = 0; i < 10; i++) expect(limiter.take('k', 10, 0).allowed).toBe(true);
    const refused = limiter.take('k', 10, 0);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
    expect(limiter.take('other', 10, 0).allowed).toBe(true);
  });

  it('refills continuously: a steady rate at the limit always passes; no double burst across a window edge', () => {
    const limiter = new TokenBucketLimiter();
    for (let t = 0; t < 10_000; t += 100) expect(limiter.take('k', 10, t).allowed, `t=${t}`).toBe(true);
    const edge = new TokenBucketLimiter();
    let allowed = 0;
    for (let i = 0; i < 30; i++) if (edge.take('k', 10, 999).allowed) allowed++;
    for (let i = 0; i < 30; i++) if (edge.take('k', 10, 1001).allowed) allowed++;
    expect(allowed).toBe(10);
  });

  it('Retry-After of a slow rate counts whole seconds until a token', () => {
    const limiter = new TokenBucketLimiter();
    limiter.take('k', 1, 0);
    expect(limiter.take('k', 1, 200).retryAfterSeconds).toBe(1);
  });
});
