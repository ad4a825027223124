import { describe, expect, it } from 'vitest';
import { isDatedInFuture, signedTimestamp } from '../../src/billing/signature-time.js';

describe('signedTimestamp', () => {
  it('reads t= as the SDK does: the last one, parseInt', () => {
    expect(signedTimestamp('t=1700000000,v1=abc')).toBe(1_700_000_000);
    expect(signedTimestamp('v1=abc,t=1,t=1700000005')).toBe(1_700_000_005);
    expect(signedTimestamp('t=1700000000x,v1=abc')).toBe(1_700_000_000);
    expect(signedTimestamp('v1=abc')).toBeNull();
    expect(signedTimestamp('t=,v1=abc')).toBeNull();
    expect(signedTimestamp('t=abc')).toBeNull();
  });
});

describe('isDatedInFuture', () => {
  const now = 1_700_000_000_000;
  it('is true only beyond the tolerance ahead of the clock', () => {
    expect(isDatedInFuture('t=1700000300,v1=x', now)).toBe(false);
    expect(isDatedInFuture('t=1700000301,v1=x', now)).toBe(true);
    expect(isDatedInFuture('t=1699990000,v1=x', now)).toBe(false);
    expect(isDatedInFuture('t=1700000061,v1=x', now, 60)).toBe(true);
    expect(isDatedInFuture('v1=x', now)).toBe(false);
  });
});
