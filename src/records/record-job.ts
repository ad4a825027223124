import { defaultIndex, FIELD_KINDS, parseFieldList, type FieldKind } from '../index.js';
import { columnsOfFields, type ColumnType, type LoadColumn } from './columns/load-columns.js';
import type { SqlDialect } from './columns/sql-dialect.js';
import { recordFormat } from './formats/formats.js';
import { ByteSink } from './chunks/byte-sink.js';
import type { JsonShape, TextFormatName } from './formats/record-format.js';
import { recordKind } from './kinds/registry.js';
import type { KindField, RecordReader } from './record-kind.js';

/**
 * Everything that decides a run's bytes; plain data, so it crosses to worker
 * threads as is. Records are `0 .. count-1` of the kind's stream.
 * @example const job: RecordJob = { kind: 'ein', seed: '42', fictionalPhones: false, format: 'csv', table: 'eins', jsonShape: 'array', count: 10 }
 */
export interface RecordJob {
  /** The name of a registered kind (`recordKind`). */
  kind: string;
  /** Canonical seed (the given one or the one the library picked). */
  seed: string;
  state?: string;
  emailDomain?: string;
  fictionalPhones: boolean;
  /** `--geo`: addresses with lat, lon, county, countyFips and timeZone. */
  geo?: boolean;
  /** `--fields`, checked and written out as `column=field,...`: these columns instead of the kind's. */
  fields?: string;
  format: TextFormatName;
  /** `--dialect` of `--format sql` (default: the portable SQL). */
  dialect?: SqlDialect;
  table: string;
  jsonShape: JsonShape;
  /** Records in the whole run (all shards). */
  count: number;
  /** The part of the run to write, records `first .. end-1` (`--shard`, `--start`); default the whole run. */
  range?: RecordRange;
  /** A two-table kind: the children's table name (default the kind's `children.table`). */
  childTable?: string;
  /** A two-table kind with a parent option (`--company A-B`): the first parent's index (records count parents from it). */
  parentOffset?: number;
  /** ... each parent's children from this index (`--start`). */
  childStart?: number;
  /** ... and at most this many (`--count`); default all. */
  childCount?: number;
  /** A two-table kind's `--fields`: the columns kept of each table (a table not named keeps all its fields). */
  tableFields?: { parent?: readonly string[]; child?: readonly string[] };
}

/**
 * A contiguous part of a run: records `first .. end-1`.
 * @example const range: RecordRange = { first: 250_000, end: 500_000 }
 */
export interface RecordRange {
  first: number;
  end: number;
}

/**
 * The records a job writes: its range, or the whole run.
 * @example jobRange({ ...job, count: 10 }) // { first: 0, end: 10 }
 */
export function jobRange(job: Pick<RecordJob, 'count' | 'range'>): RecordRange {
  return job.range ?? { first: 0, end: job.count };
}

/**
 * The K-th (0-based) of N equal, contiguous ranges of a run of `count`
 * records; the first `count % N` ranges hold one record more.
 * @example shardRange(10, 1, 4) // { first: 3, end: 6 }
 */
export function shardRange(count: number, k: number, n: number): RecordRange {
  const size = Math.floor(count / n);
  const extra = count % n;
  const first = k * size + Math.min(k, extra);
  return { first, end: first + size + (k < extra ? 1 : 0) };
}

/**
 * The fields of a job without `--fields`: its kind's, then with `--geo` the kind's geographic ones.
 * @example jobKindFields({ kind: 'address', geo: true }).at(-1)?.name // "timeZone"
 */
function jobKindFields(job: Pick<RecordJob, 'kind' | 'geo'>): readonly KindField[] {
  const kind = recordKind(job.kind);
  return job.geo && kind.geoFields ? [...kind.fields, ...kind.geoFields] : kind.fields;
}

/**
 * The output columns of a job: its kind's, then the geographic ones with `--geo`.
 * @example jobColumns({ ...job, kind: 'address', geo: true }).at(-1) // "timeZone"
 */
export function jobColumns(job: Pick<RecordJob, 'kind' | 'geo' | 'fields'>): readonly string[] {
  if (job.fields !== undefined) return parseFieldList(job.fields).map(({ column }) => column);
  return jobKindFields(job).map(({ name }) => name);
}

/**
 * The field catalogue's kind of value of each column type (how JSON and SQL write it).
 * @example FIELD_KIND_OF_TYPE.bigint // "integer"
 */
export const FIELD_KIND_OF_TYPE: Readonly<Record<ColumnType, FieldKind>> = {
  text: 'text',
  state: 'text',
  date: 'date',
  uuid: 'uuid',
  bigint: 'integer',
  double: 'double',
};

/**
 * The kind of value of each output column: by its field with `--fields`, else by the kind's field types.
 * @example jobKinds({ kind: 'address', fields: 'id=uuid,n=index' }) // ['uuid', 'integer']
 */
export function jobKinds(job: Pick<RecordJob, 'kind' | 'geo' | 'fields'>): readonly FieldKind[] {
  if (job.fields !== undefined) return parseFieldList(job.fields).map(({ field }) => FIELD_KINDS[field]);
  return jobKindFields(job).map(({ type }) => FIELD_KIND_OF_TYPE[type]);
}

/**
 * The typed columns of a job, for tables, typed SQL and Parquet.
 * @example jobLoadColumns({ kind: 'ein' }) // [{ name: 'ein', field: 'ein', type: 'text' }]
 */
export function jobLoadColumns(job: Pick<RecordJob, 'kind' | 'geo' | 'fields'>): LoadColumn[] {
  if (job.fields !== undefined) return columnsOfFields(parseFieldList(job.fields));
  return jobKindFields(job).map(({ name, type }) => ({ name, field: name, type }));
}

/**
 * Records per chunk: the unit of work of a worker and of one write.
 * @example Math.ceil(10_000_000 / CHUNK_RECORDS) // 5000 chunks
 */
export const CHUNK_RECORDS = 2_000;

/**
 * Records rendered and encoded at a time within a chunk: their strings are
 * still in the CPU's cache when they are flattened and encoded, where a whole
 * chunk's were evicted (about 15 % less CPU for generating and rendering;
 * docs/benchmarks.md, "Loading databases"). Writes stay one per chunk.
 * @example CHUNK_RECORDS / SUBCHUNK_RECORDS // 20 sub-chunks a chunk
 */
export const SUBCHUNK_RECORDS = 100;

/**
 * Renders records `start .. start+count-1` of a job as UTF-8 bytes, in
 * `reuse` while they fit (else in a larger buffer replacing it); the result
 * views its buffer's start.
 * @example const bytes = render(0, 2000, spare); socket.write(bytes)
 */
export type ChunkRenderer = (start: number, count: number, reuse?: Uint8Array) => Uint8Array;

/**
 * Returns the job's chunk renderer; the same function runs inline and on
 * worker threads. A chunk is rendered `subRecords` records at a time, each
 * part's text encoded after the last one's bytes: the bytes are those of
 * the whole range rendered at once (the formats' bodies depend only on
 * the records' positions; `separator` joins the parts where a chunk is one unit).
 * @example new TextDecoder().decode(chunkRenderer(job)(0, 100)) // the first 100 records, formatted
 */
export function chunkRenderer(job: RecordJob, subRecords = SUBCHUNK_RECORDS): ChunkRenderer {
  // A kind's records may be made of the shipped index's text (plus digits and a checked e-mail domain); chosen fields may hold numbers, which the plain writers do not take.
  const plainValues =
    job.fields === undefined && recordKind(job.kind).indexText === true && defaultIndex().jsonPlainText;
  const format = recordFormat(job.format, layoutOf(job, plainValues));
  const separator = format.separator ?? '';
  const records = recordReader(job);
  return (start, count, reuse) => {
    const sink = new ByteSink(reuse);
    const end = start + count;
    for (let at = start; at < end; at += subRecords) {
      const text = format.body(records(at, Math.min(subRecords, end - at)), at, job.count);
      sink.write(at === start ? text : separator + text);
    }
    return sink.bytes();
  };
}

function layoutOf(job: RecordJob, plainValues?: boolean) {
  // The kind's own JSON writer fits its fields only: not with --geo or --fields.
  const plainObject = plainValues && job.fields === undefined && !job.geo ? recordKind(job.kind).plainJson : undefined;
  return {
    columns: jobColumns(job),
    kinds: jobKinds(job),
    loadColumns: jobLoadColumns(job),
    dialect: job.dialect,
    table: job.table,
    jsonShape: job.jsonShape,
    plainValues,
    plainObject,
  };
}

/**
 * Returns a function giving records `start .. start+count-1` of the job's
 * stream as objects (the fields of its kind, with `--geo` the geographic
 * ones, with `--fields` those columns).
 * @example recordReader(job)(0, 2).length // 2
 */
export function recordReader(job: RecordJob): RecordReader {
  const kind = recordKind(job.kind);
  if (kind.reader === undefined)
    throw new RangeError(
      `record kind ${JSON.stringify(kind.name)} is a lookup, not a stream: it has no records to write`,
    );
  return kind.reader(job);
}

/**
 * The text before and after the records of a job: the head only when its
 * range starts the run and the tail only when it ends it, so the outputs of
 * a run's shards, concatenated in order, are the run's output.
 * @example jobFrame(job).head // 'BEGIN;\nCREATE TABLE ...' for SQL
 */
export function jobFrame(job: RecordJob): { head: string; tail: string } {
  const format = recordFormat(job.format, layoutOf(job));
  const { first, end } = jobRange(job);
  return { head: first === 0 ? format.head(job.count) : '', tail: end === job.count ? format.tail(job.count) : '' };
}
