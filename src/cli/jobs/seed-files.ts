import { existsSync, mkdirSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { quoteIdentifier, quoteTable, type SqlDialect } from '../../records/columns/sql-dialect.js';
import { csvField } from '../../records/formats/csv-format.js';
import { mysqlText } from '../../records/formats/dialect-sql-format.js';
import { SQL_ROWS_PER_INSERT, sqlText } from '../../records/formats/sql-format.js';
import type { TypeFamily } from '../../seed/database-schema.js';
import type { SeedValue } from '../../seed/generic-values.js';
import { GENERATOR_VERSION } from '../../version.js';
import { CliError } from '../command.js';
import { openSink, type OutputSink } from '../output/output-sink.js';
import { parquetWriterModule, type ParquetWriterModule } from './run-parquet-job.js';
import { EXIT_WRITE_FAILED } from './run-record-job.js';
import { type SeedFileFormat, seedFilePath } from './seed-run.js';

/**
 * Rows a seed file is written in at a time (one Parquet row group each).
 * @example Math.ceil(100_000 / SEED_FILE_CHUNK_ROWS) // 4 chunks
 */
export const SEED_FILE_CHUNK_ROWS = 25_000;

/**
 * What the files are written from: a seed's rows (`SeedRows`) as the writer reads them.
 * @example const rows: SeedFileRows = new SeedRows({ seed: '42', tables })
 */
export interface SeedFileRows {
  columns(table: string): readonly { readonly name: string; readonly family: TypeFamily }[];
  rowCount(table: string): number;
  rows(table: string, first: number, end: number): SeedValue[][];
  shardRange(table: string, shard: number, shards: number): { first: number; end: number };
}

/**
 * One table's file: the table and, for `sql` files, its CREATE TABLE.
 * @example const file: SeedFileTable = { table: 'accounts', create: 'CREATE TABLE "accounts" (...)' }
 */
export interface SeedFileTable {
  readonly table: string;
  /** The table's CREATE TABLE in the file's dialect (`sql` files only). */
  readonly create?: string;
}

/**
 * Where and how the files are written.
 * @example const options: SeedFileOptions = { dir: 'seed', format: 'csv', dialect: 'postgres', shard: undefined }
 */
export interface SeedFileOptions {
  readonly dir: string;
  readonly format: SeedFileFormat;
  readonly dialect: SqlDialect;
  readonly shard: { readonly index: number; readonly count: number } | undefined;
  /** The run's seed, kept in a Parquet file's metadata. */
  readonly seed: string;
  /** Checked between chunks: true stops the run (a signal), which then removes every temporary file. */
  readonly interrupted?: () => boolean;
  readonly onProgress?: (rows: number) => void;
}

/** Thrown when `interrupted()` says so between chunks. */
export class SeedFilesInterrupted extends Error {}

const encoder = new TextEncoder();

/** A value in a CSV file: NULL is an empty field, booleans `true`/`false`. */
function csvValue(value: SeedValue): string {
  return value === null ? '' : typeof value === 'string' ? csvField(value) : String(value);
}

/** A value in a SQL file's INSERT: NULL, a number, a boolean (1/0 in SQLite) or a quoted text. */
function sqlValue(dialect: SqlDialect, value: SeedValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return dialect === 'sqlite' ? (value ? '1' : '0') : value ? 'TRUE' : 'FALSE';
  return dialect === 'mysql' ? mysqlText(value) : sqlText(value);
}

/** A text file's writer: its head (shard 0 only), then the rows first..end-1 of the table as text. */
interface TextWriter {
  head(): string;
  rows(rows: readonly SeedValue[][], first: number): string;
}

function textWriter(
  format: Exclude<SeedFileFormat, 'parquet'>,
  table: SeedFileTable,
  names: readonly string[],
  dialect: SqlDialect,
): TextWriter {
  switch (format) {
    case 'csv':
      return {
        head: () => `${names.map(csvField).join(',')}\n`,
        rows: (rows) => rows.map((row) => `${row.map(csvValue).join(',')}\n`).join(''),
      };
    case 'ndjson': {
      const keys = names.map((name) => `${JSON.stringify(name)}:`);
      return {
        head: () => '',
        rows: (rows) =>
          rows.map((row) => `{${row.map((value, i) => keys[i] + JSON.stringify(value)).join(',')}}\n`).join(''),
      };
    }
    case 'sql': {
      const insert = `INSERT INTO ${quoteTable(dialect, table.table)} (${names.map((n) => quoteIdentifier(dialect, n)).join(', ')}) VALUES\n`;
      return {
        head: () => (table.create === undefined ? '' : `${table.create};\n`),
        // INSERTs break at multiples of SQL_ROWS_PER_INSERT of the run's row numbers, so shards' files join up.
        rows: (rows, first) => {
          let text = '';
          for (let i = 0; i < rows.length; i++) {
            const row = first + i;
            const opens = i === 0 || row % SQL_ROWS_PER_INSERT === 0;
            const closes = i === rows.length - 1 || (row + 1) % SQL_ROWS_PER_INSERT === 0;
            text += `${opens ? insert : ''}  (${rows[i].map((value) => sqlValue(dialect, value)).join(', ')})${closes ? ';\n' : ',\n'}`;
          }
          return text;
        },
      };
    }
  }
}

// Parquet types of each family: whole numbers INT64, dates DATE (days since 1970), booleans BOOLEAN, the rest UTF8
// (decimals and timestamps as their text, exactly as the other formats write them).
const PARQUET_TYPES: Readonly<Record<TypeFamily, { type: string; converted_type?: string }>> = {
  integer: { type: 'INT64' },
  float: { type: 'DOUBLE' },
  boolean: { type: 'BOOLEAN' },
  date: { type: 'INT32', converted_type: 'DATE' },
  text: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  decimal: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  timestamp: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  uuid: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  other: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
};

const DAY_MS = 86_400_000;

function parquetValue(family: TypeFamily, value: SeedValue): unknown {
  if (value === null) return null;
  if (family === 'integer') return BigInt(value as number);
  if (family === 'date') return Date.parse(`${value as string}T00:00:00Z`) / DAY_MS;
  return value;
}

/**
 * A Parquet file written a row group at a time to its sink; every column OPTIONAL, as a column a NULL share or a
 * nullable field fills has NULLs.
 */
function parquetWriter(
  module: ParquetWriterModule,
  sink: OutputSink,
  table: string,
  columns: readonly { readonly name: string; readonly family: TypeFamily }[],
  seed: string,
) {
  const bytes = new module.ByteWriter();
  bytes.flush = async () => {
    const chunk = bytes.getBytes().slice();
    bytes.index = 0;
    await sink.write(chunk);
  };
  const writer = new module.ParquetWriter({
    writer: bytes,
    schema: [
      { name: 'root', num_children: columns.length },
      ...columns.map((c) => ({ name: c.name, ...PARQUET_TYPES[c.family], repetition_type: 'OPTIONAL' })),
    ],
    codec: 'SNAPPY',
    createdBy: `ussynth (generator ${GENERATOR_VERSION})`,
    kvMetadata: [
      { key: 'ussynth.seed', value: seed },
      { key: 'ussynth.table', value: table },
    ],
  });
  return {
    async add(rows: readonly SeedValue[][]): Promise<void> {
      if (rows.length === 0) return;
      const columnData = columns.map((c, i) => ({
        name: c.name,
        data: rows.map((row) => parquetValue(c.family, row[i])),
      }));
      await writer.write({ columnData, rowGroupSize: rows.length });
      await bytes.flush?.();
    },
    async finish(): Promise<void> {
      await writer.finish();
      await bytes.flush?.();
    },
  };
}

/**
 * The files `--out DIR --format F` would write that are there already.
 * @example existingSeedFiles('seed', ['companies'], 'csv') // ["seed/companies.csv"]
 */
export function existingSeedFiles(dir: string, tables: readonly string[], format: SeedFileFormat): string[] {
  return tables.map((table) => seedFilePath(dir, table, format)).filter((path) => existsSync(path));
}

/**
 * Writes one file per table (`DIR/TABLE.FORMAT`, tables in insert order),
 * each under a temporary name: only when every file is complete are they
 * renamed into place, so a failure or a signal leaves none of them (and the
 * files already there untouched). With a shard, each table's rows are the
 * shard's range; the head (CSV's header, SQL's CREATE TABLE) is in shard 0's
 * files only, so the shards' files concatenated in order are the whole run's.
 * Returns the rows written per table.
 * @example await writeSeedFiles(rows, tables, { dir: 'seed', format: 'csv', dialect: 'postgres', shard: undefined, seed: '42' })
 */
export async function writeSeedFiles(
  rows: SeedFileRows,
  tables: readonly SeedFileTable[],
  options: SeedFileOptions,
): Promise<Map<string, number>> {
  const { dir, format, shard } = options;
  // The driver before any file: a missing hyparquet-writer leaves nothing behind.
  const parquet = format === 'parquet' ? await parquetWriterModule() : undefined;
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new CliError(`cannot create --out ${dir}: ${(error as Error).message}`, EXIT_WRITE_FAILED);
  }
  const sinks: OutputSink[] = [];
  const written = new Map<string, number>();
  let done = 0;
  try {
    for (const table of tables) {
      const path = seedFilePath(dir, table.table, format);
      const sink = await openSink(path, process.stdout).catch((error: Error) => {
        throw new CliError(`cannot create ${path}: ${error.message}`, EXIT_WRITE_FAILED);
      });
      sinks.push(sink);
      const { first, end } =
        shard === undefined
          ? { first: 0, end: rows.rowCount(table.table) }
          : rows.shardRange(table.table, shard.index, shard.count);
      const columns = rows.columns(table.table);
      const text =
        format === 'parquet'
          ? undefined
          : textWriter(
              format,
              table,
              columns.map((c) => c.name),
              options.dialect,
            );
      const file = parquet === undefined ? undefined : parquetWriter(parquet, sink, table.table, columns, options.seed);
      if (text !== undefined && (shard === undefined || shard.index === 0))
        await sink.write(encoder.encode(text.head()));
      for (let at = first; at < end; at += SEED_FILE_CHUNK_ROWS) {
        const stop = Math.min(end, at + SEED_FILE_CHUNK_ROWS);
        const chunk = rows.rows(table.table, at, stop);
        if (text !== undefined) await sink.write(encoder.encode(text.rows(chunk, at)));
        else await file?.add(chunk);
        done += stop - at;
        options.onProgress?.(done);
        await nextTurn();
        if (options.interrupted?.()) throw new SeedFilesInterrupted();
      }
      await file?.finish();
      written.set(table.table, end - first);
    }
    for (const sink of sinks) await sink.commit();
    return written;
  } catch (error) {
    for (const sink of sinks) await sink.abort();
    if (error instanceof CliError || error instanceof SeedFilesInterrupted) throw error;
    const nothing = 'no file was written';
    if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('E'))
      throw new CliError(`cannot write the files in ${dir}: ${error.message}; ${nothing}`, EXIT_WRITE_FAILED);
    throw error;
  }
}
