import { describe, expect, it } from 'vitest';
import { parseRetryAfter, RETRY_JITTER_MS, retryDelayMs } from '../../src/client/retry-after.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('1', now)).toBe(1);
    expect(parseRetryAfter(' 120 ', now)).toBe(120);
    expect(parseRetryAfter('0', now)).toBe(0);
  });

  it('reads an HTTP date as the seconds until then, never negative', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('gives undefined for a missing or unreadable value', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
  });
});

describe('retryDelayMs', () => {
  it('never comes back before Retry-After, and adds less than the jitter span', () => {
    expect(retryDelayMs(2, () => 0)).toBe(2000);
    expect(retryDelayMs(2, () => 0.999999)).toBe(2000 + RETRY_JITTER_MS - 1);
    expect(retryDelayMs(0, () => 0.5)).toBe(RETRY_JITTER_MS / 2);
  });

  it('waits 1 s when the answer gave no Retry-After', () => {
    expect(retryDelayMs(undefined, () => 0)).toBe(1000);
  });

  it('spreads requests refused together over the jitter span', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(1, Math.random)));
    expect(delays.size).toBeGreaterThan(40);
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(1000);
    for (const delay of delays) expect(delay).toBeLessThan(1000 + RETRY_JITTER_MS);
  });
});
