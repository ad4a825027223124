import type { ColumnType } from './columns/load-columns.js';
import type { PlainObjectWriter, TextRecord } from './formats/record-format.js';

/**
 * What the API's JSON schema of a field says beyond its type (JSON Schema's
 * keywords, in the order the OpenAPI document writes them); the records' text never reads it.
 * @example const schema: FieldSchema = { pattern: '^[0-9]{5}$' }
 */
export interface FieldSchema {
  readonly pattern?: string;
  readonly minLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly const?: string;
  readonly description?: string;
}

/**
 * One field of a kind's records: its key (also the CSV header, SQL column
 * and Parquet column), its value type, which gives its SQL type per
 * dialect (`COLUMN_SQL_TYPES`), its Parquet type and its JSON type, and
 * optionally what the API's JSON schema says of it.
 * @example const field: KindField = { name: 'ein', type: 'text', schema: { pattern: '^[0-9]{2}-[0-9]{7}$' } }
 */
export interface KindField {
  readonly name: string;
  readonly type: ColumnType;
  readonly schema?: FieldSchema;
}

/**
 * What a run asks of a kind's records: the seed and the options a kind may take
 * (one that does not take an option never gets it: the command line refuses it first).
 * @example const options: KindOptions = { seed: '42', fictionalPhones: false, state: 'TX' }
 */
export interface KindOptions {
  /** Canonical seed. */
  seed: string;
  state?: string;
  emailDomain?: string;
  fictionalPhones: boolean;
  /** The kind's `geoFields` after its fields. */
  geo?: boolean;
  /** A checked field list (`column=field,...`) of the field catalogue, instead of the kind's fields. */
  fields?: string;
  /** A two-table kind whose parents are chosen by an option (`--company A-B`): the first parent's index. Default 0. */
  parentOffset?: number;
  /** A two-table kind whose parents are chosen by an option: each parent's children from this index (`--start`). Default 0. */
  childStart?: number;
  /** ... and at most this many of them (`--count`); default all the parent has. */
  childCount?: number;
}

/**
 * The rows of a range of parents of a two-table kind: the parents in order,
 * and their children in the parents' order (each parent's children together).
 * @example const family: Family = { parents: [household], children: household.members }
 */
export interface Family {
  parents: TextRecord[];
  children: TextRecord[];
}

/**
 * Parents `start .. start+count-1` of a two-table kind's run with their children.
 * @example const { parents, children } = reader(0, 100)
 */
export type FamilyReader = (start: number, count: number) => Family;

/**
 * The second table of a two-table kind (households and their people,
 * companies and their employees): the kind's own `table` and `fields` are the
 * parents', this is the children's, joined by `foreignKey -> key`.
 * @example const people: ChildTable = { table: 'people', fields, key: 'id', foreignKey: 'householdId', nest: (h, m) => ({ ...h, members: m }), reader }
 */
export interface ChildTable {
  /** Default SQL table (and file) name of the children. */
  readonly table: string;
  /** The children's fields in output order; `foreignKey` among them. */
  readonly fields: readonly KindField[];
  /** The parents' primary key column (one of the kind's `fields`). */
  readonly key: string;
  /** The children's column holding their parent's key (a FOREIGN KEY to the parents' `key`). */
  readonly foreignKey: string;
  /** Parents read and written at a time: fewer where a parent has many children (a company's employees). Default 100. */
  readonly parentsPerChunk?: number;
  /**
   * A parent with its children as the nested JSON and NDJSON write it (the
   * library's object: a household with its `members`).
   */
  readonly nest: (parent: TextRecord, children: readonly TextRecord[]) => unknown;
  /**
   * The option choosing the parents (`company`: `--company N` or `--company A-B`):
   * then `--count` and `--start` choose each parent's children. Without it,
   * `--count` and `--start` count parents.
   */
  readonly parentOption?: string;
  /** Makes the reader of parents with their children for these options. */
  readonly reader: (options: KindOptions) => FamilyReader;
}

/**
 * Records `start .. start+count-1` of a stream, as objects with the run's columns as keys.
 * @example const records = reader(0, 100)
 */
export type RecordReader = (start: number, count: number) => TextRecord[];

/**
 * A record kind: everything the engine needs to write its records in every
 * format, load them into a database or a Parquet file. One object in one
 * file per kind (`src/records/kinds/`), listed once in the registry.
 * @example const kind: RecordKind = { name: 'ein', table: 'eins', fields: [{ name: 'ein', type: 'text' }], takes: {}, reader: (o) => (start, count) => [] }
 */
export interface RecordKind {
  /** The kind's name: the record command's and `RecordJob.kind`. */
  readonly name: string;
  /** Default SQL table name. */
  readonly table: string;
  /** The record's fields in output order. */
  readonly fields: readonly KindField[];
  /** Fields `geo` adds after `fields`; none when the kind has no geography. */
  readonly geoFields?: readonly KindField[];
  /** The options of {@link KindOptions} the kind takes (`fields` is the field catalogue's list). */
  readonly takes: {
    readonly state?: boolean;
    readonly emailDomain?: boolean;
    readonly fictionalPhones?: boolean;
    readonly geo?: boolean;
    readonly fields?: boolean;
  };
  /**
   * Makes the reader of the kind's stream for these options; a kind with no
   * stream (a lookup, like `zip`) has none.
   */
  readonly reader?: (options: KindOptions) => RecordReader;
  /**
   * Every value is text made of the shipped index's text, digits, spaces and
   * a checked e-mail domain: JSON-plain when the index is (`jsonPlainText`),
   * so the JSON and COPY writers may skip escaping. Default false.
   */
  readonly indexText?: boolean;
  /**
   * Writes a record of the kind's `fields` (no `geo`, no `fields`) whose
   * values are JSON-plain, as `JSON.stringify` would: optional, faster than
   * the generic writer (a concatenation with constant keys is about twice
   * as fast as `JSON.stringify` on the generator's strings).
   */
  readonly plainJson?: PlainObjectWriter;
  /**
   * A two-table kind's second table: the kind's records are parents, each
   * with children in this table (docs/records.md, "Two-table kinds").
   */
  readonly children?: ChildTable;
}
