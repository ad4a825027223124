import type { RecordFormat, TextRecord } from './record-format.js';
import { quotesDoubled as quoted, sqlText } from './sql-format.js';
import type { LoadColumn } from '../columns/load-columns.js';

// A double whose shortest text is an integer (`40`) gets `.0`, so SQLite reads a REAL as a bound double would be.
const INTEGER_TEXT = /^-?[0-9]+$/;

function doubleLiteral(value: number): string {
  const text = String(value);
  return INTEGER_TEXT.test(text) ? text + '.0' : text;
}

type TupleWriter = (record: TextRecord) => string;

// The tuple of the command line's default columns spelled out, as copy-text's PLAIN_LINES: 16 % less of the worker's
// CPU than the general loop over the columns (generation included; docs/benchmarks-archive.md, "SQL row tuples").
const DEFAULT_TUPLES: Readonly<Record<string, TupleWriter>> = {
  'name,street,city,state,zip,phone,email,country': (r) =>
    "('" +
    quoted(r.name) +
    "','" +
    quoted(r.street) +
    "','" +
    quoted(r.city) +
    "','" +
    quoted(r.state) +
    "','" +
    quoted(r.zip) +
    "','" +
    quoted(r.phone) +
    "','" +
    quoted(r.email) +
    "','" +
    quoted(r.country) +
    "')",
};

function tupleWriter(columns: readonly LoadColumn[]): TupleWriter {
  const fields = columns.map((column) => column.field);
  const spelled = columns.every((column) => column.type === 'text' || column.type === 'state')
    ? DEFAULT_TUPLES[fields.join(',')]
    : undefined;
  if (spelled !== undefined) return spelled;
  const write = columns.map((column): ((value: unknown) => string) =>
    column.type === 'double'
      ? (value) => doubleLiteral(value as number)
      : column.type === 'bigint'
        ? (value) => String(value)
        : (value) => sqlText(value as string),
  );
  return (record) => {
    let row = '(' + write[0](record[fields[0]]);
    for (let c = 1; c < fields.length; c++) row += ',' + write[c](record[fields[c]]);
    return row + ')';
  };
}

/**
 * Row tuples of SQLite literals, `('a',1.5),('b',-2.0)` (no statement
 * around them): what `--to sqlite:`'s worker threads render, so the
 * inserting thread runs `INSERT INTO t (cols) VALUES ` + a chunk's tuples
 * as one statement, SQLite parsing the values, instead of splitting text
 * back into values and binding them one by one (docs/benchmarks.md,
 * "Loading databases"). Text is quoted with `'` doubled; numbers are written
 * as JavaScript prints them (SQLite reads them back exactly), doubles with a
 * decimal point. A value holding a NUL character, which SQL text cannot
 * carry, is an error (the generator makes none).
 * @example sqliteValues(columnsOf(['name', 'lat'])).body([{ name: "O'Brien", lat: 40 }], 0, 1) // "('O''Brien',40.0)"
 */
export function sqliteValues(columns: readonly LoadColumn[]): RecordFormat {
  const tuple = tupleWriter(columns);
  return {
    head: () => '',
    body(records) {
      if (records.length === 0) return '';
      let out = tuple(records[0]);
      for (let i = 1; i < records.length; i++) out += ',' + tuple(records[i]);
      if (out.includes('\u0000')) throw new Error('a value holds a NUL character, which SQLite SQL text cannot carry');
      return out;
    },
    tail: () => '',
    // A chunk is one statement's VALUES list: its sub-chunks' tuples are joined by a comma too.
    separator: ',',
  };
}
