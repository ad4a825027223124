import { describe, expect, it } from 'vitest';
import { ageOn, dateOf, dayOf, yearsAfter } from '../../src/related/calendar-days.js';

describe('calendar days', () => {
  it('number days from 1970-01-01 and back, across leap days', () => {
    expect(dayOf('1970-01-01')).toBe(0);
    expect(dayOf('2000-03-01') - dayOf('2000-02-28')).toBe(2);
    expect(dateOf(dayOf('1904-02-29'))).toBe('1904-02-29');
    expect(dateOf(-1)).toBe('1969-12-31');
  });

  it('make a 29 February birthday a year older on 1 March of a common year, as ageOn counts', () => {
    expect(dateOf(yearsAfter('2000-02-29', 1))).toBe('2001-03-01');
    expect(ageOn('2000-02-29', '2001-02-28')).toBe(0);
    expect(ageOn('2000-02-29', '2001-03-01')).toBe(1);
    expect(ageOn('1980-06-15', '1996-06-14')).toBe(15);
    expect(ageOn('1980-06-15', '1996-06-15')).toBe(16);
    expect(dateOf(yearsAfter('2022-12-31', -18))).toBe('2004-12-31');
  });
});

describe('calendar days against Date', () => {
  it('agree with Date.UTC on every day from 1900 to 2030', () => {
    const wrong: string[] = [];
    for (let day = Date.UTC(1900, 0, 1) / 86_400_000; day <= Date.UTC(2030, 11, 31) / 86_400_000; day++) {
      const iso = new Date(day * 86_400_000).toISOString().slice(0, 10);
      if (dateOf(day) !== iso || dayOf(iso) !== day) wrong.push(iso);
    }
    expect(wrong).toEqual([]);
  });
});
