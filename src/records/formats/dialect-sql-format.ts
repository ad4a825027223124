import type { RecordFormat } from './record-format.js';
import { SQL_ROWS_PER_INSERT, sqlText } from './sql-format.js';
import { copyLines } from './copy-text.js';
import { isNumeric, type LoadColumn } from '../columns/load-columns.js';
import { quoteTable, type SqlDialect } from '../columns/sql-dialect.js';
import { columnList, createTableSql } from '../columns/table-ddl.js';

/**
 * A MySQL string literal: single quotes, with a quote doubled and a
 * backslash escaped (MySQL reads backslash escapes in strings by default).
 * @example mysqlText("O'Brien \\\\ Co") // "'O''Brien \\\\\\\\ Co'"
 */
export function mysqlText(text: string): string {
  return "'" + text.replaceAll('\\', '\\\\').replaceAll("'", "''") + "'";
}

/**
 * `--format sql --dialect D`: one transaction creating the table with the
 * dialect's column types, then the rows the fastest way a SQL file can
 * carry them: for PostgreSQL a `COPY ... FROM stdin;` block as pg_dump
 * writes it (`psql -f` loads it at COPY speed), for MySQL and SQLite
 * multi-row INSERTs of up to SQL_ROWS_PER_INSERT rows. Statement boundaries
 * depend only on the record index, so chunks and shards join up.
 * @example dialectSqlFormat('postgres', 'people', columns).head(1) // 'BEGIN;\nCREATE TABLE "people" (...);\nCOPY "people" (...) FROM stdin;\n'
 */
export function dialectSqlFormat(
  dialect: SqlDialect,
  table: string,
  columns: readonly LoadColumn[],
  constraints: readonly string[] = [],
): RecordFormat {
  const begin = dialect === 'mysql' ? 'START TRANSACTION;\n' : 'BEGIN;\n';
  const create = `${begin}${createTableSql(dialect, table, columns, constraints)};\n`;
  if (dialect === 'postgres') {
    const lines = copyLines(columns);
    return {
      head: () => `${create}COPY ${quoteTable(dialect, table)} (${columnList(dialect, columns)}) FROM stdin;\n`,
      body: (records) => lines(records),
      tail: () => '\\.\nCOMMIT;\n',
    };
  }
  const text = dialect === 'mysql' ? mysqlText : sqlText;
  const fields = columns.map((column) => column.field);
  const numeric = columns.map((column) => isNumeric(column.type));
  const insert = `INSERT INTO ${quoteTable(dialect, table)} (${columnList(dialect, columns)}) VALUES\n`;
  const value = (record: Readonly<Record<string, unknown>>, c: number): string =>
    numeric[c] ? String(record[fields[c]]) : text(record[fields[c]] as string);
  return {
    head: () => create,
    body(records, start, total) {
      let out = '';
      for (let i = 0; i < records.length; i++) {
        const index = start + i;
        let row = '(' + value(records[i], 0);
        for (let c = 1; c < fields.length; c++) row += ', ' + value(records[i], c);
        const last = index === total - 1 || (index + 1) % SQL_ROWS_PER_INSERT === 0;
        out += (index % SQL_ROWS_PER_INSERT === 0 ? insert : '') + row + (last ? ');\n' : '),\n');
      }
      return out;
    },
    tail: () => 'COMMIT;\n',
  };
}
