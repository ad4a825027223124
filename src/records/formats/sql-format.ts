import { sqlTypeOfKind } from '../../fields/field-catalogue.js';
import { columnKinds, type RecordFormat, type RecordLayout, type TextRecord } from './record-format.js';

/**
 * Rows per INSERT statement: big enough to load fast, small enough for any server's statement limits.
 * @example Math.ceil(1234 / SQL_ROWS_PER_INSERT) // 3 INSERT statements for 1234 rows
 */
export const SQL_ROWS_PER_INSERT = 500;

// Unquoted-identifier syntax, at most 63 characters (PostgreSQL's NAMEDATALEN - 1).
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * Checks a `--table` name: an identifier (letters, digits and underscores,
 * not starting with a digit, at most 63 characters), optionally qualified by
 * a schema the same way (`public.customers`). Returns an error message or undefined.
 * @example tableNameProblem('my-table') // "--table must be ..."
 */
export function tableNameProblem(name: string): string | undefined {
  const parts = name.split('.');
  return parts.length <= 2 && parts.every((part) => IDENTIFIER.test(part))
    ? undefined
    : `--table must be an SQL identifier or schema.table (each letters, digits and _, not starting with a digit, at most 63 characters), got ${JSON.stringify(name)}`;
}

/**
 * A checked table name as SQL: each part double-quoted, so case and reserved words are kept.
 * @example quotedTable('public.customers') // '"public"."customers"'
 */
export function quotedTable(name: string): string {
  return name
    .split('.')
    .map((part) => `"${part}"`)
    .join('.');
}

/**
 * A standard SQL string literal: single quotes, a quote doubled. With
 * PostgreSQL's standard_conforming_strings (on since 9.1) backslashes are plain.
 * @example sqlText("O'Brien") // "'O''Brien'"
 */
export function sqlText(text: string): string {
  return "'" + quotesDoubled(text) + "'";
}

/**
 * A text as it goes between the single quotes of a SQL string literal: each quote doubled.
 * @example quotesDoubled("O'Brien") // "O''Brien"
 */
export function quotesDoubled(text: string): string {
  return text.includes("'") ? text.replaceAll("'", "''") : text;
}

/**
 * SQL for SQLite and PostgreSQL: a transaction with `CREATE TABLE` (every
 * column typed by its kind as PostgreSQL types it, `NOT NULL`: text `TEXT`,
 * `birthDate` `DATE`, `uuid` `UUID`, `index` `BIGINT`, lat and lon `DOUBLE
 * PRECISION`, which SQLite takes too; identifiers double-quoted so the name is kept
 * exactly) and multi-row `INSERT`s of up to SQL_ROWS_PER_INSERT rows.
 * Statement boundaries depend only on the record index, so chunks join up.
 * @example sqlFormat({ columns: ['ein'], table: 'eins', jsonShape: 'array' }).head(1) // 'BEGIN;\nCREATE TABLE "eins" (...'
 */
export function sqlFormat(layout: RecordLayout): RecordFormat {
  const table = quotedTable(layout.table);
  const columns = layout.columns.map((column) => `"${column}"`);
  const kinds = columnKinds(layout);
  const numeric = kinds.map((kind) => kind === 'integer' || kind === 'double');
  const lines = columns.map((column, c) => `  ${column} ${sqlTypeOfKind(kinds[c], 'postgres')} NOT NULL`);
  for (const constraint of layout.constraints ?? []) lines.push(`  ${constraint}`);
  const create = `BEGIN;\nCREATE TABLE ${table} (\n${lines.join(',\n')}\n);\n`;
  // Numbers (lat, lon, index) are written bare; a run without them keeps the plain text loop.
  const value = numeric.includes(true)
    ? (record: TextRecord, c: number): string => (numeric[c] ? String(record[names[c]]) : sqlText(record[names[c]]))
    : undefined;
  const insert = `INSERT INTO ${table} (${columns.join(', ')}) VALUES\n`;
  const names = layout.columns;
  return {
    head: () => create,
    body(records, start, total) {
      let text = '';
      for (let i = 0; i < records.length; i++) {
        const index = start + i;
        const record = records[i];
        let row = '(' + (value ? value(record, 0) : sqlText(record[names[0]]));
        if (value) for (let c = 1; c < names.length; c++) row += ', ' + value(record, c);
        else for (let c = 1; c < names.length; c++) row += ', ' + sqlText(record[names[c]]);
        const last = index === total - 1 || (index + 1) % SQL_ROWS_PER_INSERT === 0;
        text += (index % SQL_ROWS_PER_INSERT === 0 ? insert : '') + row + (last ? ');\n' : '),\n');
      }
      return text;
    },
    tail: () => 'COMMIT;\n',
  };
}
