import type { SeedTableRun } from './seed-rows.js';

/**
 * The order a seed's tables get their rows. With `anyOrder` (a PostgreSQL run that created every table, whose keys
 * are added after the rows, and whose references take no key the database fills), the tables of generic columns go
 * first and those of records last, each group in the plan's order: a record costs the client many times a row of
 * generic columns, so the server copies the first tables and builds their keys while the client makes the records,
 * and less of its work is left when the client is done (docs/benchmarks.md, "Seed load"). Otherwise the plan's
 * order, parents first, as keys already in place and keys read back need.
 * @example loadOrder(tables, true).map((t) => t.table) // ['orders', 'payments', 'customers']
 */
export function loadOrder(tables: readonly SeedTableRun[], anyOrder: boolean): readonly SeedTableRun[] {
  if (!anyOrder) return tables;
  return [...tables.filter((t) => t.source === 'plain'), ...tables.filter((t) => t.source !== 'plain')];
}
