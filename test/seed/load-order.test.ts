import { describe, expect, it } from 'vitest';
import { loadOrder } from '../../src/seed/load-order.js';
import type { SeedTableRun } from '../../src/seed/seed-rows.js';

const table = (name: string, source: SeedTableRun['source']): SeedTableRun => ({
  table: name,
  source,
  columns: [],
  count: 10,
});

// Parents first, as a plan gives them.
const plan = [
  table('companies', 'company'),
  table('customers', 'person'),
  table('orders', 'plain'),
  table('contacts', 'employee'),
  table('payments', 'plain'),
];

describe('the order a seed loads its tables', () => {
  it('puts the tables of generic columns first and those of records last, each in the plan order, when any order loads', () => {
    expect(loadOrder(plan, true).map((t) => t.table)).toEqual([
      'orders',
      'payments',
      'companies',
      'customers',
      'contacts',
    ]);
  });

  it("keeps the plan's order (parents first) otherwise", () => {
    expect(loadOrder(plan, false)).toEqual(plan);
  });
});
