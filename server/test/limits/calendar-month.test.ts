import { describe, expect, it } from 'vitest';
import { calendarMonth } from '../../src/limits/calendar-month.js';

describe('calendar month (UTC)', () => {
  it('bounds months in UTC, including December and leap Februaries', () => {
    expect(calendarMonth(Date.UTC(2026, 10, 21, 12))).toEqual({
      period: '2026-11',
      startMs: Date.UTC(2026, 10, 1),
      endMs: Date.UTC(2026, 11, 1),
    });
    expect(calendarMonth(Date.UTC(2026, 11, 31, 23, 59, 59)).endMs).toBe(Date.UTC(2027, 0, 1));
    const feb = calendarMonth(Date.UTC(2028, 1, 10));
    expect((feb.endMs - feb.startMs) / 86_400_000).toBe(29);
    expect(calendarMonth(Date.UTC(2027, 0, 1)).period).toBe('2027-01');
  });
});
