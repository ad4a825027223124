import { FIELD_KINDS, isFieldName, type FieldKind } from '../../fields/field-catalogue.js';
import type { FieldColumn } from '../../fields/field-list.js';
import type { SqlDialect } from './sql-dialect.js';

/**
 * The value types of output columns: the field catalogue's kinds (integer
 * as `bigint`), and `state`, two-letter codes that get CHAR(2).
 * @example const type: ColumnType = 'double'
 */
export type ColumnType = 'text' | 'state' | 'date' | 'uuid' | 'bigint' | 'double';

/**
 * One column of a load or of typed output: its name in the table, the
 * record key its value comes from, and the value's type.
 * @example const column: LoadColumn = { name: 'zip_code', field: 'zip_code', type: 'text' }
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
 * `--format sql` without `--dialect`): the field catalogue's `sqlTypeOf`,
 * but CHAR(2) for the state code; every column is NOT NULL.
 * @example COLUMN_SQL_TYPES.uuid.mysql // "CHAR(36)"
 */
export const COLUMN_SQL_TYPES: Readonly<Record<ColumnType, Readonly<Record<SqlDialect | 'portable', string>>>> = {
  text: { postgres: 'TEXT', mysql: 'VARCHAR(255)', sqlite: 'TEXT', portable: 'TEXT' },
  state: { postgres: 'CHAR(2)', mysql: 'CHAR(2)', sqlite: 'TEXT', portable: 'TEXT' },
  date: { postgres: 'DATE', mysql: 'DATE', sqlite: 'DATE', portable: 'TEXT' },
  uuid: { postgres: 'UUID', mysql: 'CHAR(36)', sqlite: 'TEXT', portable: 'TEXT' },
  bigint: { postgres: 'BIGINT', mysql: 'BIGINT', sqlite: 'INTEGER', portable: 'BIGINT' },
  double: { postgres: 'DOUBLE PRECISION', mysql: 'DOUBLE', sqlite: 'REAL', portable: 'DOUBLE PRECISION' },
};

const TYPE_OF_KIND: Readonly<Record<FieldKind, ColumnType>> = {
  text: 'text',
  date: 'date',
  uuid: 'uuid',
  integer: 'bigint',
  double: 'double',
};

/**
 * The column type of a field: its catalogue kind, `state` for the state
 * code; fields outside the catalogue (`ein`, `intl`) are text.
 * @example columnTypeOf('index') // "bigint"
 */
export function columnTypeOf(field: string): ColumnType {
  if (field === 'state') return 'state';
  return isFieldName(field) ? TYPE_OF_KIND[FIELD_KINDS[field]] : 'text';
}

/**
 * Columns named as the record fields, typed by field.
 * @example columnsOf(['name', 'state'])[1] // { name: 'state', field: 'state', type: 'state' }
 */
export function columnsOf(fields: readonly string[]): LoadColumn[] {
  return fields.map((field) => ({ name: field, field, type: columnTypeOf(field) }));
}

/**
 * Columns of a `fields` list (`column=field`): named and keyed by the
 * column (the generator's records carry the column names), typed by the field.
 * @example columnsOfFields([{ column: 'id', field: 'uuid' }]) // [{ name: 'id', field: 'id', type: 'uuid' }]
 */
export function columnsOfFields(fields: readonly FieldColumn[]): LoadColumn[] {
  return fields.map(({ column, field }) => ({ name: column, field: column, type: columnTypeOf(field) }));
}

/**
 * Whether a column type's values are numbers in the records (not text).
 * @example isNumeric('bigint') // true
 */
export function isNumeric(type: ColumnType): boolean {
  return type === 'double' || type === 'bigint';
}
