/**
 * Why a seed plan was refused; stable, documented in docs/errors.md ("Seeding a database"). Nothing was written.
 * @example if (error instanceof SeedError && error.code === 'unfillable_columns') ...
 */
export const SEED_ERROR_CODES = {
  invalid_schema:
    'The schema file does not parse, or a table in it lacks what a table needs (a kind, columns); the message names the file, line and table.',
  invalid_count:
    'A count or a per-parent range is not a whole number in range, or cannot be met; the message says why.',
  unknown_table: 'A table named in --tables, --set or a reference is not in the database (or the schema file).',
  unknown_column: 'A column named in --set, or referenced, is not in its table.',
  invalid_rule: 'A --set rule (or a schema file rule) does not parse, or does not fit the column type.',
  reference_cycle:
    'Tables reference each other through NOT NULL foreign keys in a cycle: no order can insert them; the message names the cycle.',
  no_parent_rows:
    'A table references a table that is not being seeded and has no rows to reference; seed it too, or add rows to it first.',
  unfillable_columns:
    'NOT NULL columns without a default that no field or rule fits; the message lists them and ends with a `--set` for each, a rule of its type to paste and edit.',
} as const;

/**
 * One of the seed's error codes.
 * @example const code: SeedErrorCode = 'reference_cycle'
 */
export type SeedErrorCode = keyof typeof SEED_ERROR_CODES;

/**
 * The error a seed plan fails with, before anything is written.
 * @example catch (e) { if (e instanceof SeedError) console.error(e.code, e.message) }
 */
export class SeedError extends Error {
  readonly code: SeedErrorCode;

  constructor(code: SeedErrorCode, message: string) {
    super(message);
    this.name = 'SeedError';
    this.code = code;
  }
}
