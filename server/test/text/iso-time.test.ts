import { describe, expect, it } from 'vitest';
import { isoTime } from '../../src/text/iso-time.js';

describe('isoTime', () => {
  it('writes epoch milliseconds as ISO 8601 in UTC, to the millisecond', () => {
    expect(isoTime(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoTime(Date.UTC(2026, 10, 25, 23, 5, 7, 42))).toBe('2026-11-25T23:05:07.042Z');
  });

  it('keeps null (no time) as null', () => {
    expect(isoTime(null)).toBeNull();
  });
});
