import type { RecordFormat } from '../cli/output/record-format.js';
import type { LoadColumn } from './load-columns.js';

// The characters COPY's text format (and MySQL's LOAD DATA default) give a meaning: escaped with a backslash.
const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * One value in PostgreSQL's COPY text format, which MySQL's `LOAD DATA`
 * reads the same way by default: a backslash, tab, line feed or carriage
 * return becomes a backslash escape; numbers are written as JavaScript prints them.
 * @example copyValue('a\tb') // "a\\tb"
 */
export function copyValue(value: string | number): string {
  if (typeof value === 'number') return String(value);
  return SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : value;
}

/**
 * Renders records as COPY text lines (tab between columns, `\n` after each
 * row) in the columns' order.
 * @example copyLines(columnsOf(['ein']))([{ ein: '12-3456789' }]) // "12-3456789\n"
 */
export function copyLines(columns: readonly LoadColumn[]): (records: readonly Readonly<Record<string, unknown>>[]) => string {
  const fields = columns.map((column) => column.field);
  return (records) => {
    let text = '';
    for (let i = 0; i < records.length; i++) {
      const record = records[i];
      let line = copyValue(record[fields[0]] as string | number);
      for (let c = 1; c < fields.length; c++) line += '\t' + copyValue(record[fields[c]] as string | number);
      text += line + '\n';
    }
    return text;
  };
}

/**
 * COPY text lines as a record format: no head or tail, one line per record.
 * The bytes `--to` streams into `COPY ... FROM STDIN` and `LOAD DATA LOCAL INFILE`.
 * @example copyFormat(columnsOf(['ein'])).body([{ ein: '12-3456789' }], 0, 1) // "12-3456789\n"
 */
export function copyFormat(columns: readonly LoadColumn[]): RecordFormat {
  const lines = copyLines(columns);
  return { head: () => '', body: (records) => lines(records), tail: () => '' };
}
