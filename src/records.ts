/**
 * The records engine as a library (`ussynth/records`): the record kinds and
 * the machinery that makes rows of them (jobs, chunks on worker threads,
 * every output format). The command line, `ussynth/load` and the service's
 * batch bodies are built on it.
 * @example
 * import { plainJsonObjectWriter } from 'ussynth/records';
 * plainJsonObjectWriter(['ein'])?.({ ein: '12-3456789' }); // '{"ein":"12-3456789"}'
 */
export { plainJsonObjectWriter } from './records/plain-json-object.js';
export type { PlainObjectWriter } from './records/plain-json-object.js';
export { recordKind, recordKindNames, registerRecordKind } from './records/kinds/registry.js';
export type { FieldSchema, KindField, KindOptions, RecordKind, RecordReader } from './records/record-kind.js';
export { chunkRenderer, jobColumns, jobLoadColumns, recordReader, shardRange } from './records/record-job.js';
export type { RecordJob, RecordRange } from './records/record-job.js';
export { recordFormat } from './records/formats/formats.js';
export { FORMAT_NAMES } from './records/formats/record-format.js';
export type {
  FormatName,
  JsonShape,
  RecordFormat,
  RecordLayout,
  TextFormatName,
  TextRecord,
} from './records/formats/record-format.js';
export { COLUMN_SQL_TYPES } from './records/columns/load-columns.js';
export type { ColumnType, LoadColumn } from './records/columns/load-columns.js';
