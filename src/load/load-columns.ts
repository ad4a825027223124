import type { SqlDialect } from './sql-dialect.js';

/**
 * The value types of output columns, each with a SQL type per dialect
 * (COLUMN_SQL_TYPES) and a Parquet type.
 * @example const type: ColumnType = 'double'
 */
export type ColumnType = 'text' | 'state' | 'date' | 'uuid' | 'bigint' | 'double';

/**
 * One column of a load or of typed output: its name in the table, the
 * record field it takes its value from, and the value's type.
 * @example const column: LoadColumn = { name: 'zip_code', field: 'zip', type: 'text' }
 */
export interface LoadColumn {
  /** Column name in the table (and the Parquet file). */
  name: string;
  /** Key of the record the value comes from. */
  field: string;
  type: ColumnType;
}

/**
 * SQL type of each column type per dialect (and in the portable SQL of
 * `--format sql` without `--dialect`); every column is NOT NULL.
 * @example COLUMN_SQL_TYPES.uuid.mysql // "CHAR(36)"
 */
export const COLUMN_SQL_TYPES: Readonly<Record<ColumnType, Readonly<Record<SqlDialect | 'portable', string>>>> = {
  text: { postgres: 'TEXT', mysql: 'VARCHAR(255)', sqlite: 'TEXT', portable: 'TEXT' },
  state: { postgres: 'CHAR(2)', mysql: 'CHAR(2)', sqlite: 'TEXT', portable: 'TEXT' },
  date: { postgres: 'DATE', mysql: 'DATE', sqlite: 'TEXT', portable: 'TEXT' },
  uuid: { postgres: 'UUID', mysql: 'CHAR(36)', sqlite: 'TEXT', portable: 'TEXT' },
  bigint: { postgres: 'BIGINT', mysql: 'BIGINT', sqlite: 'INTEGER', portable: 'BIGINT' },
  double: { postgres: 'DOUBLE PRECISION', mysql: 'DOUBLE', sqlite: 'REAL', portable: 'DOUBLE PRECISION' },
};

// Types of the fields the records carry today, by field name; any other field is text.
const FIELD_TYPES: Readonly<Record<string, ColumnType>> = { state: 'state', lat: 'double', lon: 'double' };

/**
 * Columns named as the record fields, typed by field (lat and lon double,
 * state CHAR(2), the rest text).
 * @example columnsOf(['name', 'state'])[1] // { name: 'state', field: 'state', type: 'state' }
 */
export function columnsOf(fields: readonly string[]): LoadColumn[] {
  return fields.map((field) => ({ name: field, field, type: FIELD_TYPES[field] ?? 'text' }));
}

/**
 * Whether a column type's values are numbers in the records (not text).
 * @example isNumeric('bigint') // true
 */
export function isNumeric(type: ColumnType): boolean {
  return type === 'double' || type === 'bigint';
}
