import { describe, expect, it } from 'vitest';
import { PerParentCounts, ReferencePicks } from '../../src/seed/row-layout.js';

describe('per-parent counts', () => {
  it('stay within min..max, cover it, and number the children in parent order', () => {
    const counts = new PerParentCounts('42', 'contacts', 1, 5);
    const seen = new Set<number>();
    let start = 0;
    for (let parent = 0; parent < 2000; parent++) {
      const n = counts.count(parent);
      expect(n >= 1 && n <= 5).toBe(true);
      seen.add(n);
      if (parent % 250 === 0) expect(counts.start(parent)).toBe(start);
      start += n;
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('depend on the seed, the table and the parent row only', () => {
    const a = Array.from({ length: 100 }, (_, p) => new PerParentCounts('42', 'contacts', 0, 9).count(p));
    const b = new PerParentCounts('42', 'contacts', 0, 9);
    expect(Array.from({ length: 100 }, (_, i) => b.count(99 - i)).reverse()).toEqual(a);
    const other = new PerParentCounts('42', 'accounts', 0, 9);
    expect(Array.from({ length: 100 }, (_, p) => other.count(p))).not.toEqual(a);
    expect(new PerParentCounts('s', 't', 3, 3).start(10)).toBe(30);
  });
});

describe('reference picks', () => {
  it('pick every parent about equally, the same in any order', () => {
    const picks = new ReferencePicks('42', 'orders', 'customer_id');
    const hits = new Array<number>(10).fill(0);
    const first = Array.from({ length: 50_000 }, (_, row) => picks.pick(row, 10));
    for (const parent of first) hits[parent]++;
    for (const n of hits) expect(Math.abs(n - 5000)).toBeLessThan(300);
    expect(new ReferencePicks('42', 'orders', 'customer_id').pick(49_999, 10)).toBe(first[49_999]);
  });
});
