import { FIELD_KINDS, FIELD_NAMES, type FieldKind } from '../../fields/field-catalogue.js';
import type { LoadColumn } from '../columns/load-columns.js';
import type { SqlDialect } from '../columns/sql-dialect.js';

/**
 * Catalogue fields whose values are numbers, not text (lat and lon): a layout
 * without `kinds` writes them bare in JSON and as `DOUBLE PRECISION` in SQL.
 * @example NUMBER_COLUMNS.has('lat') // true
 */
export const NUMBER_COLUMNS: ReadonlySet<string> = new Set(
  FIELD_NAMES.filter((field) => FIELD_KINDS[field] === 'double'),
);

/**
 * Renders a record as a JSON object whose values need no escaping.
 * @example const write: PlainObjectWriter = (r) => '{"ein":"' + r.ein + '"}'
 */
export type PlainObjectWriter = (record: TextRecord) => string;

/**
 * Names of the output formats, as `--format` takes them.
 * @example FORMAT_NAMES.join(', ') // "json, ndjson, csv, sql"
 */
export const FORMAT_NAMES = ['json', 'ndjson', 'csv', 'sql'] as const;

/**
 * One of the output formats.
 * @example const format: FormatName = 'ndjson'
 */
export type FormatName = (typeof FORMAT_NAMES)[number];

/**
 * The formats written as text chunks: the output formats, `copy`, COPY
 * text lines that `--to` streams into PostgreSQL and MySQL, and
 * `sqlite-values`, SQL row tuples that `--to sqlite:`'s worker threads render.
 * @example const format: TextFormatName = 'copy'
 */
export type TextFormatName = FormatName | 'copy' | 'sqlite-values';

/**
 * The shape of JSON output: one bare object (`address` without `--count`),
 * an array of records, or the service's batch result `{"count":N,"addresses":[...]}`.
 * @example jsonFormat({ columns, table, jsonShape: 'batch' })
 */
export type JsonShape = 'object' | 'array' | 'batch';

/**
 * A record: every field the command line writes is text (but `--geo`'s lat
 * and lon, and `--fields`' numeric fields, numbers the formats write as such:
 * see {@link columnKinds}; typed as text for the formats' string paths).
 * @example const record: TextRecord = { ein: '12-3456789' }
 */
export type TextRecord = Readonly<Record<string, string>>;

/**
 * What a format needs to know about the records it writes.
 * @example const layout: RecordLayout = { columns: ['ein'], table: 'eins', jsonShape: 'array' }
 */
export interface RecordLayout {
  /** Field names in output order (CSV header, SQL columns, JSON keys). */
  columns: readonly string[];
  /** The columns with their names in the table and their types (typed SQL, COPY lines); default: the columns as text. */
  loadColumns?: readonly LoadColumn[];
  /** `--dialect` of SQL output; default the portable SQL. */
  dialect?: SqlDialect;
  /** SQL table name, already checked by `checkTableName`. */
  table: string;
  /** JSON shape (the other formats ignore it). */
  jsonShape: JsonShape;
  /** Kind of each column's values (the kind's field types, or `--fields`'); without it, lat and lon are doubles (NUMBER_COLUMNS) and the rest text. */
  kinds?: readonly FieldKind[];
  /** Every value is JSON-plain (no quote, backslash or control character), so JSON writers may skip escaping. */
  plainValues?: boolean;
  /** SQL constraint lines after the columns of `CREATE TABLE` (a two-table kind's keys), quoted for the SQL's dialect. */
  constraints?: readonly string[];
  /** With `plainValues`: the kind's own writer of such records (`RecordKind.plainJson`), faster than the generic one. */
  plainObject?: PlainObjectWriter;
}

/**
 * Serialises records to text. `body` gets records `start .. start+n-1` of
 * `total` and depends only on those, so ranges rendered apart (chunks on
 * worker threads, a chunk's sub-chunks) and concatenated in order give the
 * same bytes as one pass; with `separator`, the ranges of one chunk are
 * joined by it.
 * @example const f = recordFormat('ndjson', layout); f.head(2) + f.body(records, 0, 2) + f.tail(2)
 */
export interface RecordFormat {
  /** Text before the first record. */
  head(total: number): string;
  /** Text of records `start .. start+records.length-1` of a run of `total`. */
  body(records: readonly TextRecord[], start: number, total: number): string;
  /**
   * Text between the bodies of two adjacent ranges of one chunk, for a format
   * whose chunk is one unit (`sqlite-values`: a chunk is one statement's list
   * of row tuples, so its parts are joined by a comma); default none.
   */
  separator?: string;
  /** Text after the last record. */
  tail(total: number): string;
}

/**
 * The kind of each column of a layout: its `kinds`, else by name (lat and lon doubles, the rest text).
 * @example columnKinds({ columns: ['zip', 'lat'], table: 't', jsonShape: 'array' }) // ['text', 'double']
 */
export function columnKinds(layout: RecordLayout): readonly FieldKind[] {
  return layout.kinds ?? layout.columns.map((column) => (NUMBER_COLUMNS.has(column) ? 'double' : 'text'));
}

/**
 * Checks a `--format` value.
 * @example isFormatName('csv') // true
 */
export function isFormatName(name: string): name is FormatName {
  return (FORMAT_NAMES as readonly string[]).includes(name);
}
