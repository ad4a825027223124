import { COLUMN_SQL_TYPES, type LoadColumn } from './load-columns.js';
import { quoteIdentifier, quoteTable, type SqlDialect } from './sql-dialect.js';

/**
 * `CREATE TABLE` for the columns in a dialect: each column its type and NOT NULL,
 * then the table's constraints (a two-table kind's PRIMARY KEY and FOREIGN KEY), if any.
 * @example createTableSql('postgres', 'people', columnsOf(['name'])) // 'CREATE TABLE "people" (\n  "name" TEXT NOT NULL\n)'
 */
export function createTableSql(
  dialect: SqlDialect,
  table: string,
  columns: readonly LoadColumn[],
  constraints: readonly string[] = [],
): string {
  const lines = columns.map(
    (column) => `  ${quoteIdentifier(dialect, column.name)} ${COLUMN_SQL_TYPES[column.type][dialect]} NOT NULL`,
  );
  for (const constraint of constraints) lines.push(`  ${constraint}`);
  return `CREATE TABLE ${quoteTable(dialect, table)} (\n${lines.join(',\n')}\n)`;
}

/**
 * The quoted column list of the columns, for INSERT and COPY.
 * @example columnList('mysql', columnsOf(['a', 'b'])) // "`a`, `b`"
 */
export function columnList(dialect: SqlDialect, columns: readonly LoadColumn[]): string {
  return columns.map((column) => quoteIdentifier(dialect, column.name)).join(', ');
}
