import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { importDrivers } from '../../load/load-drivers.js';
import { LoadError } from '../../load/load-error.js';
import { parquetSchema, rowGroupColumns } from '../../records/formats/parquet-columns.js';
import { GENERATOR_VERSION } from '../../version.js';
import { CliError, type CommandIo } from '../command.js';
import { openSink, type OutputSink } from '../output/output-sink.js';
import { ProgressBar } from '../output/progress-bar.js';
import type { RecordRun } from './record-run.js';
import type { LoadColumn } from '../../records/columns/load-columns.js';
import type { TextRecord } from '../../records/formats/record-format.js';
import { jobLoadColumns, jobRange, recordReader } from '../../records/record-job.js';
import { EXIT_WRITE_FAILED } from './run-record-job.js';
import { SignalWatch } from './signal-watch.js';

/**
 * Rows per Parquet row group: one row group is what a run holds in memory,
 * and what readers skip or read in parallel.
 * @example Math.ceil(1_000_000 / PARQUET_ROW_GROUP_ROWS) // 40 row groups
 */
export const PARQUET_ROW_GROUP_ROWS = 25_000;

/**
 * The file name of shard `index` of `total` in a Parquet dataset folder, as Spark names its parts.
 * @example parquetPartName(1, 4) // "part-00001-of-00004.parquet"
 */
export function parquetPartName(index: number, total: number): string {
  return `part-${String(index).padStart(5, '0')}-of-${String(total).padStart(5, '0')}.parquet`;
}

/**
 * hyparquet-writer's module, as `importDrivers('parquet')` gives it.
 * @example const [module] = (await importDrivers('parquet')) as [ParquetWriterModule]
 */
export interface ParquetWriterModule {
  ByteWriter: new () => { index: number; getBytes(): Uint8Array; flush?: () => Promise<void> };
  ParquetWriter: new (options: {
    writer: unknown;
    schema: unknown[];
    codec?: string;
    createdBy?: string;
    kvMetadata?: { key: string; value: string }[];
  }) => {
    write(options: { columnData: unknown[]; rowGroupSize: number }): void | Promise<void>;
    finish(): void | Promise<void>;
  };
}

/**
 * hyparquet-writer, imported on first use (an optional peer): when it is not installed, a CliError that says how to add it.
 * @example const { ParquetWriter } = await parquetWriterModule()
 */
export async function parquetWriterModule(): Promise<ParquetWriterModule> {
  try {
    return ((await importDrivers('parquet')) as [ParquetWriterModule])[0];
  } catch (error) {
    if (error instanceof LoadError) throw new CliError(error.message);
    throw error;
  }
}

/**
 * A Parquet file of typed columns written to a sink as row groups are added:
 * `add` writes a row group of the rows (Snappy-compressed), `finish` the footer.
 * @example const file = parquetFile(module, sink, columns, [{ key: 'ussynth.seed', value: '42' }]); await file.add(rows); await file.finish()
 */
export function parquetFile(
  writerModule: ParquetWriterModule,
  sink: OutputSink,
  columns: readonly LoadColumn[],
  kvMetadata: { key: string; value: string }[],
): { add(records: readonly TextRecord[]): Promise<void>; finish(): Promise<void> } {
  const bytes = new writerModule.ByteWriter();
  // Each row group goes to the file as soon as it is encoded; the writer's buffer starts over.
  const flush = async (): Promise<void> => {
    const chunk = bytes.getBytes().slice();
    bytes.index = 0;
    await sink.write(chunk);
  };
  bytes.flush = flush;
  const writer = new writerModule.ParquetWriter({
    writer: bytes,
    schema: parquetSchema(columns),
    codec: 'SNAPPY',
    createdBy: `ussynth (generator ${GENERATOR_VERSION})`,
    kvMetadata,
  });
  return {
    add: async (records) =>
      void (await writer.write({ columnData: rowGroupColumns(columns, records), rowGroupSize: records.length })),
    async finish() {
      await writer.finish();
      await flush();
    },
  };
}

/**
 * Runs `--format parquet`: writes the job's records to a Parquet file
 * (typed columns, Snappy-compressed row groups of PARQUET_ROW_GROUP_ROWS)
 * with hyparquet-writer, atomically like every `--out` file; with
 * `--shard K/N` the file is `part-0000K-of-0000N.parquet` in the `--out` folder.
 * @example process.exitCode = await runParquetJob(parseRecordRun(spec, ['--format', 'parquet', '--out', 'a.parquet'], env), io)
 */
export async function runParquetJob(run: RecordRun, io: CommandIo): Promise<number> {
  const { job } = run;
  const writerModule = await parquetWriterModule();
  if (run.seedPicked) io.stderr.write(`seed: ${job.seed}\n`);
  const shard = run.parquet?.shard;
  let path = run.out!;
  if (shard !== undefined) {
    mkdirSync(path, { recursive: true });
    path = join(path, parquetPartName(shard.index, shard.total));
  }
  const { first, end } = jobRange(job);
  const columns = jobLoadColumns(job);
  const read = recordReader(job);
  const watch = new SignalWatch();
  const progress = new ProgressBar(
    { write: (text: string) => io.stderr.write(text), isTTY: io.stderr.isTTY === true },
    end - first,
    performance.now(),
  );
  let sink: OutputSink | undefined;
  try {
    sink = await openSink(path, io.stdout).catch((error: NodeJS.ErrnoException) => {
      throw new CliError(`cannot create --out ${path}: ${error.message}`, EXIT_WRITE_FAILED);
    });
    const file = parquetFile(writerModule, sink, columns, [
      { key: 'ussynth.seed', value: job.seed },
      { key: 'ussynth.records', value: `${first}..${end - 1} of ${job.count}` },
    ]);
    for (let start = first; start < end; start += PARQUET_ROW_GROUP_ROWS) {
      const count = Math.min(PARQUET_ROW_GROUP_ROWS, end - start);
      const records = [];
      for (let at = start; at < start + count; at += 10_000) {
        records.push(...read(at, Math.min(10_000, start + count - at)));
        await nextTurn();
        if (watch.received) throw new Error('interrupted');
      }
      await file.add(records);
      progress.update(start + count - first);
    }
    await file.finish();
    await sink.commit();
    return 0;
  } catch (error) {
    progress.finish();
    await sink?.abort();
    if (watch.received) {
      io.stderr.write(`ussynth: interrupted by ${watch.received}; removed the partial ${path}\n`);
      return watch.exitStatus();
    }
    if (error instanceof CliError) throw error;
    throw new CliError(
      `cannot write ${path}: ${error instanceof Error ? error.message : String(error)}; no file was written`,
      EXIT_WRITE_FAILED,
    );
  } finally {
    progress.finish();
    watch.stop();
  }
}
