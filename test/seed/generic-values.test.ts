import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { genericColumn } from '../../src/seed/generic-values.js';

const rows = (make: (row: number) => unknown, count: number, start = 0): unknown[] =>
  Array.from({ length: count }, (_, i) => make(start + i));

describe('generic column values', () => {
  it('keep every value within its rule', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.nat(1e6), fc.nat(1e9), (min, span, row) => {
        const value = genericColumn('s', 't', 'c', { rule: 'integer', min, max: min + span }, 0)(row) as number;
        expect(Number.isInteger(value) && value >= min && value <= min + span).toBe(true);
      }),
    );
    const decimal = genericColumn('s', 't', 'amount', { rule: 'decimal', min: 0.5, max: 2.25, scale: 2 }, 0);
    for (const value of rows(decimal, 2000) as string[]) {
      expect(value).toMatch(/^\d\.\d\d$/);
      expect(Number(value)).toBeGreaterThanOrEqual(0.5);
      expect(Number(value)).toBeLessThanOrEqual(2.25);
    }
    const dates = rows(genericColumn('s', 't', 'd', { rule: 'date', from: '2024-02-27', to: '2024-03-01' }, 0), 2000);
    expect([...new Set(dates)].sort()).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    const stamps = rows(
      genericColumn('s', 't', 'at', { rule: 'timestamp', from: '2024-12-31T23:59:58Z', to: '2025-01-01T00:00:01Z' }, 0),
      2000,
    );
    expect([...new Set(stamps)].sort()).toEqual([
      '2024-12-31T23:59:58Z',
      '2024-12-31T23:59:59Z',
      '2025-01-01T00:00:00Z',
      '2025-01-01T00:00:01Z',
    ]);
  });

  it('draw shares as asked (picks, booleans, NULLs) within 2 points over 20,000 rows', () => {
    const picks = rows(
      genericColumn('s', 't', 'tier', { rule: 'pick', values: ['a', 'b'], weights: [1, 3] }, 0),
      20_000,
    );
    expect(picks.filter((v) => v === 'b').length / 20_000).toBeCloseTo(0.75, 1);
    const flags = rows(genericColumn('s', 't', 'on', { rule: 'boolean', share: 0.9 }, 0), 20_000);
    expect(Math.abs(flags.filter((v) => v === true).length / 20_000 - 0.9)).toBeLessThan(0.02);
    const maybe = rows(genericColumn('s', 't', 'n', { rule: 'integer', min: 1, max: 9 }, 0.2), 20_000);
    expect(Math.abs(maybe.filter((v) => v === null).length / 20_000 - 0.2)).toBeLessThan(0.02);
  });

  it('depend on the seed, table, column and row only: a NULL share leaves the other rows values alone', () => {
    const rule = { rule: 'integer', min: 0, max: 1e9 } as const;
    const whole = rows(genericColumn('42', 'orders', 'qty', rule, 0), 1000);
    expect(rows(genericColumn('42', 'orders', 'qty', rule, 0), 500, 500)).toEqual(whole.slice(500));
    expect(rows(genericColumn('43', 'orders', 'qty', rule, 0), 1000)).not.toEqual(whole);
    expect(rows(genericColumn('42', 'order', 'qty', rule, 0), 1000)).not.toEqual(whole);
    expect(rows(genericColumn('42', 'orders', 'qty2', rule, 0), 1000)).not.toEqual(whole);
    const withNulls = rows(genericColumn('42', 'orders', 'qty', rule, 0.3), 1000);
    withNulls.forEach((value, i) => {
      if (value !== null) expect(value).toBe(whole[i]);
    });
  });

  it('makes keys: 1, 2, 3 ... and UUIDs that never repeat within a column', () => {
    expect(rows(genericColumn('s', 't', 'id', { rule: 'key', form: 'sequence' }, 0), 3, 10)).toEqual([11, 12, 13]);
    const uuids = rows(genericColumn('s', 't', 'id', { rule: 'key', form: 'uuid' }, 0), 50_000) as string[];
    expect(new Set(uuids).size).toBe(50_000);
    expect(uuids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
