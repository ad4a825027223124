import { byCodeUnit } from '../code-unit-order.js';
import type { TableInfo } from './database-schema.js';
import { SeedError } from './seed-error.js';

/**
 * Whether a foreign key must have a value: one of its columns is NOT NULL.
 * @example requiredReference(table, table.foreignKeys[0]) // true for a NOT NULL company_id
 */
export function requiredReference(table: TableInfo, columns: readonly string[]): boolean {
  return columns.some((name) => table.columns.find((c) => c.name === name)?.notNull === true);
}

/**
 * The tables in an order that inserts every parent before its children
 * (ties by name, code-point order, so the order is the same on every
 * machine). Every reference orders its tables when it can; when references
 * make a cycle, only the NOT NULL ones do (a nullable reference to a table
 * inserted later is left NULL). A self-reference or a reference to a table
 * outside `tables` (filled from its existing rows) orders nothing; a cycle
 * of NOT NULL references is a SeedError naming it.
 * @example insertOrder([contacts, companies]).map((t) => t.name) // ['companies', 'contacts']
 */
export function insertOrder(tables: readonly TableInfo[]): TableInfo[] {
  return ordered(tables, false) ?? (ordered(tables, true) as TableInfo[]);
}

/** Kahn's order by the references (only the NOT NULL ones when `required`); undefined on a cycle, or throws when `required`. */
function ordered(tables: readonly TableInfo[], required: boolean): TableInfo[] | undefined {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const parents = new Map<string, Set<string>>();
  for (const table of tables) {
    const needs = table.foreignKeys.filter(
      (fk) =>
        fk.refTable !== table.name && byName.has(fk.refTable) && (!required || requiredReference(table, fk.columns)),
    );
    parents.set(table.name, new Set(needs.map((fk) => fk.refTable)));
  }
  const order: TableInfo[] = [];
  const left = new Set([...byName.keys()].sort(byCodeUnit));
  while (left.size > 0) {
    const next = [...left].find((name) => [...(parents.get(name) ?? [])].every((parent) => !left.has(parent)));
    if (next === undefined) {
      if (!required) return undefined;
      throw new SeedError(
        'reference_cycle',
        `tables reference each other through NOT NULL foreign keys: ${cycleOf(left, parents).join(' -> ')}; make one of these references nullable, or seed one of the tables on its own first`,
      );
    }
    left.delete(next);
    order.push(byName.get(next) as TableInfo);
  }
  return order;
}

/** One cycle among the tables left, from the first by name, as a path that ends where it starts. */
function cycleOf(left: ReadonlySet<string>, parents: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const path: string[] = [];
  let at = [...left][0];
  while (!path.includes(at)) {
    path.push(at);
    at = [...(parents.get(at) ?? [])].filter((p) => left.has(p)).sort(byCodeUnit)[0];
  }
  return [...path.slice(path.indexOf(at)), at];
}
