import { createGenerator, defaultIndex, FIELD_KINDS, parseFieldList, type FieldKind } from '../../index.js';
import { recordFormat } from '../output/formats.js';
import { GEO_COLUMNS } from '../output/geo-columns.js';
import type { FormatName, JsonShape, TextRecord } from '../output/record-format.js';

/**
 * The record streams the command line writes.
 * @example const kind: RecordKind = 'phone'
 */
export type RecordKind = 'address' | 'ein' | 'phone';

/**
 * Output fields of each kind, in order: exactly the service's resources.
 * @example KIND_COLUMNS.phone // ['phone', 'intl']
 */
export const KIND_COLUMNS: Readonly<Record<RecordKind, readonly string[]>> = {
  address: ['name', 'street', 'city', 'state', 'zip', 'phone', 'email', 'country'],
  ein: ['ein'],
  phone: ['phone', 'intl'],
};

/**
 * Everything that decides a run's bytes; plain data, so it crosses to worker
 * threads as is. Records are `0 .. count-1` of the kind's stream.
 * @example const job: RecordJob = { kind: 'ein', seed: '42', fictionalPhones: false, format: 'csv', table: 'eins', jsonShape: 'array', count: 10 }
 */
export interface RecordJob {
  kind: RecordKind;
  /** Canonical seed (the given one or the one the library picked). */
  seed: string;
  state?: string;
  emailDomain?: string;
  fictionalPhones: boolean;
  /** `--geo`: addresses with lat, lon, county, countyFips and timeZone. */
  geo?: boolean;
  /** `--fields`, checked and written out as `column=field,...`: these columns instead of the kind's. */
  fields?: string;
  format: FormatName;
  table: string;
  jsonShape: JsonShape;
  count: number;
}

/**
 * The output columns of a job: its kind's, then the geographic ones with `--geo`.
 * @example jobColumns({ ...job, kind: 'address', geo: true }).at(-1) // "timeZone"
 */
export function jobColumns(job: Pick<RecordJob, 'kind' | 'geo' | 'fields'>): readonly string[] {
  if (job.fields !== undefined) return parseFieldList(job.fields).map(({ column }) => column);
  return job.geo ? [...KIND_COLUMNS[job.kind], ...GEO_COLUMNS] : KIND_COLUMNS[job.kind];
}

/**
 * The kind of each output column with `--fields` (by its field); undefined otherwise (the formats go by name).
 * @example jobKinds({ fields: 'id=uuid,n=index' }) // ['uuid', 'integer']
 */
export function jobKinds(job: Pick<RecordJob, 'fields'>): readonly FieldKind[] | undefined {
  return job.fields === undefined ? undefined : parseFieldList(job.fields).map(({ field }) => FIELD_KINDS[field]);
}

/**
 * Records per chunk: the unit of work of a worker and of one write.
 * @example Math.ceil(10_000_000 / CHUNK_RECORDS) // 5000 chunks
 */
export const CHUNK_RECORDS = 2_000;

/**
 * Returns a function rendering records `start .. start+count-1` of the job
 * as text; the same function runs inline and on worker threads.
 * @example chunkRenderer(job)(0, 100) // the first 100 records, formatted
 */
export function chunkRenderer(job: RecordJob): (start: number, count: number) => string {
  const generator = createGenerator({ seed: job.seed, emailDomain: job.emailDomain, fictionalPhones: job.fictionalPhones });
  // The records' text comes from the shipped index (plus digits and a checked e-mail domain); chosen fields may hold numbers, which the plain writers do not take.
  const plainValues = job.fields === undefined && defaultIndex().jsonPlainText;
  const format = recordFormat(job.format, { columns: jobColumns(job), kinds: jobKinds(job), table: job.table, jsonShape: job.jsonShape, plainValues });
  const state = job.state;
  const fields = job.fields;
  const records = (start: number, count: number): TextRecord[] => {
    const out = new Array<TextRecord>(count);
    if (job.kind === 'address' && fields !== undefined) {
      const page = generator.addresses({ start, count, state, fields });
      for (let i = 0; i < count; i++) out[i] = page[i] as unknown as TextRecord;
    } else if (job.kind === 'address') {
      const page = generator.addresses({ start, count, state, geo: job.geo === true });
      for (let i = 0; i < count; i++) out[i] = page[i] as unknown as TextRecord;
    } else if (job.kind === 'ein') {
      for (let i = 0; i < count; i++) out[i] = generator.einAt(start + i) as unknown as TextRecord;
    } else {
      for (let i = 0; i < count; i++) out[i] = generator.phoneAt(start + i, { state }) as unknown as TextRecord;
    }
    return out;
  };
  return (start, count) => format.body(records(start, count), start, job.count);
}

/**
 * The text before and after the records of a job.
 * @example jobFrame(job).head // 'BEGIN;\nCREATE TABLE ...' for SQL
 */
export function jobFrame(job: RecordJob): { head: string; tail: string } {
  const format = recordFormat(job.format, { columns: jobColumns(job), kinds: jobKinds(job), table: job.table, jsonShape: job.jsonShape });
  return { head: format.head(job.count), tail: format.tail(job.count) };
}
