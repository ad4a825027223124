import type { RecordFormat, TextRecord } from './record-format.js';
import type { LoadColumn } from '../columns/load-columns.js';

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

type LineWriter = (record: TextRecord) => string;

// COPY lines of the command line's default columns, spelled out for plain values: against the loop over the
// columns below, whole `--to postgres` loads of the default columns took 4-6 % more client CPU without them
// (three same-run A/Bs, median 5.1 %: docs/benchmarks.md, "Loading databases"); kept on that, at the rule's edge.
const PLAIN_LINES: Readonly<Record<string, LineWriter>> = {
  'name,street,city,state,zip,phone,email,country': (r) =>
    r.name +
    '\t' +
    r.street +
    '\t' +
    r.city +
    '\t' +
    r.state +
    '\t' +
    r.zip +
    '\t' +
    r.phone +
    '\t' +
    r.email +
    '\t' +
    r.country +
    '\n',
  ein: (r) => r.ein + '\n',
  'phone,intl': (r) => r.phone + '\t' + r.intl + '\n',
};

function plainLine(fields: readonly string[]): LineWriter {
  return (
    PLAIN_LINES[fields.join(',')] ??
    ((record) => {
      // Numbers (lat, lon) concatenate as String() prints them, as copyValue writes them.
      let line = '' + record[fields[0]];
      for (let c = 1; c < fields.length; c++) line += '\t' + record[fields[c]];
      return line + '\n';
    })
  );
}

function escapedLine(fields: readonly string[]): LineWriter {
  return (record) => {
    let line = copyValue(record[fields[0]] as string | number);
    for (let c = 1; c < fields.length; c++) line += '\t' + copyValue(record[fields[c]] as string | number);
    return line + '\n';
  };
}

/**
 * Renders records as COPY text lines (tab between columns, `\n` after each
 * row) in the columns' order. With `plainValues` (every value known to hold
 * no backslash, tab, line feed or carriage return: the shipped index's
 * `jsonPlainText`) the values go in as they are, without the escaping check.
 * @example copyLines(columnsOf(['ein']))([{ ein: '12-3456789' }]) // "12-3456789\n"
 */
export function copyLines(
  columns: readonly LoadColumn[],
  plainValues = false,
): (records: readonly Readonly<Record<string, unknown>>[]) => string {
  const fields = columns.map((column) => column.field);
  const line = plainValues ? plainLine(fields) : escapedLine(fields);
  return (records) => {
    let text = '';
    for (let i = 0; i < records.length; i++) text += line(records[i] as TextRecord);
    return text;
  };
}

/**
 * COPY text lines as a record format: no head or tail, one line per record.
 * The bytes `--to` streams into `COPY ... FROM STDIN` and `LOAD DATA LOCAL INFILE`.
 * @example copyFormat(columnsOf(['ein'])).body([{ ein: '12-3456789' }], 0, 1) // "12-3456789\n"
 */
export function copyFormat(columns: readonly LoadColumn[], plainValues = false): RecordFormat {
  const lines = copyLines(columns, plainValues);
  return { head: () => '', body: (records) => lines(records), tail: () => '' };
}
