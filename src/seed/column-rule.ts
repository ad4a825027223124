/**
 * What a seeded column is filled with: a record's field, a key, a reference
 * to a parent row, a generic value, or nothing (the database's own default,
 * or NULL). Each rule is seeded like the rest: per (seed, table, row).
 * @example const rule: ColumnRule = { rule: 'field', record: 'company', field: 'ein' }
 */
export type ColumnRule =
  /** The database fills it (identity, auto-increment, a DEFAULT): the column is left out of the INSERT. */
  | { readonly rule: 'database' }
  /** A field of the table's record (a person's, a company's or a household's). */
  | { readonly rule: 'field'; readonly record: RecordSource; readonly field: string }
  /** The row's key: a UUID from (seed, table, row), or 1, 2, 3 ... */
  | { readonly rule: 'key'; readonly form: 'uuid' | 'sequence' }
  /** The key of a parent row of another table. */
  | { readonly rule: 'reference'; readonly table: string; readonly column: string }
  | { readonly rule: 'integer'; readonly min: number; readonly max: number }
  | { readonly rule: 'decimal'; readonly min: number; readonly max: number; readonly scale: number }
  /** A date (`YYYY-MM-DD`) or a timestamp (ISO 8601, UTC) from `from` to `to`, both included. */
  | { readonly rule: 'date' | 'timestamp'; readonly from: string; readonly to: string }
  /**
   * A date or a timestamp `min..max` days after a date or timestamp of the row's parent row (`table.column`, a table
   * the row references), uniform (a timestamp to the second); NULL where the parent's is.
   */
  | {
      readonly rule: 'after';
      readonly form: 'date' | 'timestamp';
      readonly table: string;
      readonly column: string;
      readonly min: number;
      readonly max: number;
    }
  /** True with this share. */
  | { readonly rule: 'boolean'; readonly share: number }
  | { readonly rule: 'pick'; readonly values: readonly string[]; readonly weights: readonly number[] }
  | { readonly rule: 'constant'; readonly value: string }
  /** NULL: a nullable column no rule fits. */
  | { readonly rule: 'null' };

/**
 * Whose fields a table's columns are: a person (the address record and its
 * field catalogue), a company, a household, an employee (a person of a
 * table with a foreign key to a company table) or a member (likewise, of a
 * household table).
 * @example const source: RecordSource = 'household'
 */
export type RecordSource = 'person' | 'company' | 'household' | 'employee' | 'member';

/**
 * A column's rule and why it was chosen, as the plan prints it.
 * @example const choice: ColumnChoice = { column: 'email', rule: { rule: 'field', record: 'person', field: 'email' }, why: 'named email' }
 */
export interface ColumnChoice {
  readonly column: string;
  readonly rule: ColumnRule;
  readonly why: string;
}
