import type { TextRecord } from './record-format.js';
import type { ColumnType, LoadColumn } from '../columns/load-columns.js';

/**
 * A Parquet schema element as hyparquet-writer takes it (the Thrift SchemaElement's fields).
 * @example const element: ParquetSchemaElement = { name: 'zip', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' }
 */
export interface ParquetSchemaElement {
  name: string;
  type?: string;
  converted_type?: string;
  repetition_type?: 'REQUIRED';
  num_children?: number;
}

// Physical and converted Parquet type of each column type: strings as UTF8, dates as DATE (days), whole numbers INT64, doubles DOUBLE.
const PARQUET_TYPES: Readonly<Record<ColumnType, Pick<ParquetSchemaElement, 'type' | 'converted_type'>>> = {
  text: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  state: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  uuid: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  date: { type: 'INT32', converted_type: 'DATE' },
  bigint: { type: 'INT64' },
  double: { type: 'DOUBLE' },
};

/**
 * The Parquet schema of the columns: a root, then one REQUIRED column each.
 * @example parquetSchema(columnsOf(['lat']))[1] // { name: 'lat', type: 'DOUBLE', repetition_type: 'REQUIRED' }
 */
export function parquetSchema(columns: readonly LoadColumn[]): ParquetSchemaElement[] {
  return [
    { name: 'root', num_children: columns.length },
    ...columns.map(
      (column): ParquetSchemaElement => ({
        name: column.name,
        ...PARQUET_TYPES[column.type],
        repetition_type: 'REQUIRED',
      }),
    ),
  ];
}

const DAY_MS = 86_400_000;

/**
 * One row group's column data for hyparquet-writer: an array of values per
 * column (dates as days since 1970-01-01, whole numbers as BigInt).
 * @example rowGroupColumns(columnsOf(['zip']), [{ zip: '60601' }]) // [{ name: 'zip', data: ['60601'] }]
 */
export function rowGroupColumns(
  columns: readonly LoadColumn[],
  records: readonly TextRecord[],
): { name: string; data: unknown[] }[] {
  return columns.map((column) => {
    const field = column.field;
    const data = new Array<unknown>(records.length);
    for (let i = 0; i < records.length; i++) {
      const value = records[i][field] as unknown;
      data[i] =
        column.type === 'date'
          ? Date.parse(`${value as string}T00:00:00Z`) / DAY_MS
          : column.type === 'bigint'
            ? BigInt(value as number)
            : value;
    }
    return { name: column.name, data };
  });
}
