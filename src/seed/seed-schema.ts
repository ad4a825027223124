import type { KindFieldName } from './kind-fields.js';

/**
 * The kinds of table a schema file names: whose records its rows are
 * (`person` and `address` are the address record and its field catalogue;
 * `member` a household's people; `plain` a table of generic columns only).
 * @example const kind: SeedTableKind = 'employee'
 */
export type SeedTableKind = 'person' | 'address' | 'company' | 'household' | 'member' | 'employee' | 'plain';

/** The record source a kind's fields come from. */
type SourceOf<K extends SeedTableKind> = K extends 'person' | 'address'
  ? 'person'
  : K extends 'company' | 'household' | 'member' | 'employee'
    ? K
    : never;

/**
 * A generic rule as text (docs/seeding.md, "Rules"), or a reference `-> TABLE.COLUMN`; any may end `?SHARE` of NULLs.
 * @example const rule: GenericRuleText = 'int:1..5?0.1'
 */
export type GenericRuleText =
  | 'sequence'
  | 'uuid'
  | 'null'
  | `int:${string}`
  | `decimal:${string}`
  | `date:${string}`
  | `timestamp:${string}`
  | `bool:${string}`
  | `pick:${string}`
  | `const:${string}`
  | `-> ${string}.${string}`
  | `${'person' | 'company' | 'household' | 'member' | 'employee'}.${string}`;

/**
 * What a column of a table of kind K is: one of K's fields (with an optional `?SHARE` of NULLs) or a generic rule.
 * @example const column: SeedColumn<'company'> = 'ein'
 */
export type SeedColumn<K extends SeedTableKind> =
  | KindFieldName<SourceOf<K>>
  | `${KindFieldName<SourceOf<K>>}?${number}`
  | GenericRuleText;

/**
 * How many rows a table gets: a number, or a range per row of a parent table (`{ per: 'companies', min: 1, max: 5 }`).
 * @example const count: SeedCount = { per: 'households', min: 0, max: 2 }
 */
export type SeedCount = number | { readonly per: string; readonly min: number; readonly max: number };

/**
 * One table of a schema file.
 * @example const table: SeedTable<'company'> = { kind: 'company', count: 100, columns: { id: 'id', name: 'name' } }
 */
export interface SeedTable<K extends SeedTableKind = SeedTableKind> {
  readonly kind: K;
  /** Rows of the table; a `member` table takes its household's size and has none. */
  readonly count?: SeedCount;
  /** Column name -> field or rule, in the table's column order. */
  readonly columns: Readonly<Record<string, SeedColumn<K>>>;
  /** The primary key column (default `id` when there is one). */
  readonly primaryKey?: string;
}

/**
 * A schema file: tables by name (created parents first, whatever their order here).
 * @example const schema: SeedSchema = { tables: { companies: { kind: 'company', count: 10, columns: { id: 'id' } } } }
 */
export interface SeedSchema {
  readonly tables: Readonly<Record<string, SeedTable>>;
}

/**
 * Types a schema file written in TypeScript, so an editor completes each
 * table's kinds and field names and flags a field of another kind; returns
 * the schema unchanged.
 * @example
 * export default defineSchema({ tables: {
 *   companies: { kind: 'company', count: 100, columns: { id: 'id', name: 'name', ein: 'ein' } },
 *   contacts: { kind: 'employee', count: { per: 'companies', min: 1, max: 5 },
 *     columns: { id: 'id', company_id: '-> companies.id', email: 'email', title: 'title' } },
 * } });
 */
export function defineSchema<const T extends { readonly [name: string]: SeedTableKind }>(schema: {
  readonly tables: { readonly [N in keyof T]: SeedTable<T[N]> };
}): SeedSchema {
  return schema as SeedSchema;
}
