import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RecordFormat, RecordLayout, TextRecord } from '../../records/formats/record-format.js';
import { recordFormat } from '../../records/formats/formats.js';
import { FIELD_KIND_OF_TYPE, jobRange, type RecordJob } from '../../records/record-job.js';
import {
  childrenByParent,
  familyChunks,
  pickColumns,
  runTables,
  tableConstraints,
  type FamilyChunk,
  type RunTable,
  type RunTables,
} from '../../records/tables/run-tables.js';
import { CliError, type CommandIo } from '../command.js';
import { ClosedPipeError, openSink, type OutputSink } from '../output/output-sink.js';
import { ProgressBar } from '../output/progress-bar.js';
import type { RecordRun } from './record-run.js';
import {
  PARQUET_ROW_GROUP_ROWS,
  parquetFile,
  parquetWriterModule,
  type ParquetWriterModule,
} from './run-parquet-job.js';
import { SignalWatch } from './signal-watch.js';
import { EXIT_GENERATION_FAILED, EXIT_WRITE_FAILED } from './run-record-job.js';

class Interrupted extends Error {}

/** Writes one chunk of parents with their children to the run's outputs. */
type ChunkWriter = (chunk: FamilyChunk) => Promise<void>;

/**
 * Runs a two-table kind's command to files: parents with their children
 * nested (JSON, NDJSON) to stdout or one `--out` file, or one file per table
 * in `--out DIR/` (CSV, NDJSON, SQL), each written under a temporary name and
 * renamed when both are complete. SIGINT/SIGTERM or a failed write removes
 * the temporary files and returns a non-zero status.
 * @example process.exitCode = await runTablesJob(parseTablesRun('household', args, env), io)
 */
export async function runTablesJob(run: RecordRun, io: CommandIo): Promise<number> {
  const { job } = run;
  const tables = runTables(job);
  if (run.seedPicked) io.stderr.write(`seed: ${job.seed}\n`);
  const watch = new SignalWatch();
  const { first, end } = jobRange(job);
  const drawOn = {
    write: (text: string) => io.stderr.write(text),
    isTTY: io.stderr.isTTY === true && !(run.out === undefined && io.stdout.isTTY === true),
  };
  const progress = new ProgressBar(drawOn, end - first, performance.now());
  const sinks: OutputSink[] = [];
  const dir = run.tables?.dir;
  try {
    let write: ChunkWriter;
    let finish: () => Promise<void>;
    if (dir === undefined) {
      const sink = await open(run.out, io);
      sinks.push(sink);
      ({ write, finish } = nestedWriter(job, tables, sink));
    } else {
      mkdirSync(dir, { recursive: true });
      const extension = run.tables!.format!;
      // The driver before any file: a missing hyparquet-writer leaves nothing behind.
      const parquet = extension === 'parquet' ? await parquetWriterModule() : undefined;
      for (const table of [tables.parent, tables.child])
        sinks.push(await open(join(dir, `${table.name}.${extension}`), io));
      ({ write, finish } =
        parquet === undefined
          ? tableFileWriter(job, tables, sinks[0], sinks[1])
          : parquetTablesWriter(parquet, job, tables, sinks[0], sinks[1]));
    }
    for (const chunk of generated(job)) {
      await write(chunk);
      await nextTurn();
      if (watch.received) throw new Interrupted();
      progress.update(chunk.end - first);
    }
    await finish();
    for (const sink of sinks) await sink.commit();
    return 0;
  } catch (error) {
    progress.finish();
    for (const sink of sinks) await sink.abort();
    const names = sinks.map((sink) => sink.name).filter((name) => name !== 'stdout');
    const removed = names.length === 0 ? '' : `; removed the partial ${names.join(' and ')}`;
    if (error instanceof Interrupted || watch.received) {
      io.stderr.write(`ussynth: interrupted by ${watch.received}${removed}\n`);
      return watch.exitStatus();
    }
    if (error instanceof ClosedPipeError) return 0;
    if (error instanceof CliError) throw error;
    const nothing = names.length === 0 ? '' : '; no file was written';
    if (error instanceof GenerationFailed) throw new CliError(`${error.message}${nothing}`, EXIT_GENERATION_FAILED);
    throw new CliError(
      `cannot write ${names.join(' and ') || 'stdout'}: ${error instanceof Error ? error.message : String(error)}${nothing}`,
      EXIT_WRITE_FAILED,
    );
  } finally {
    progress.finish();
    watch.stop();
  }
}

class GenerationFailed extends Error {}

/** The job's chunks, a failure to make one reported as a generation failure (exit 70), not a write failure. */
function* generated(job: RecordJob): Generator<FamilyChunk> {
  const chunks = familyChunks(job);
  for (;;) {
    let next: IteratorResult<FamilyChunk>;
    try {
      next = chunks.next();
    } catch (error) {
      throw new GenerationFailed(`generation failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (next.done) return;
    yield next.value;
  }
}

async function open(path: string | undefined, io: CommandIo): Promise<OutputSink> {
  return openSink(path, io.stdout).catch((error: NodeJS.ErrnoException) => {
    throw new CliError(`cannot create --out ${path}: ${error.message}`, EXIT_WRITE_FAILED);
  });
}

const encoder = new TextEncoder();

/**
 * Parents with their children nested as the kind nests them (`nest`): a JSON
 * object (one parent, no `--count`), a JSON array (one parent a line) or NDJSON.
 */
function nestedWriter(
  job: RecordJob,
  tables: RunTables,
  sink: OutputSink,
): { write: ChunkWriter; finish(): Promise<void> } {
  const { first, end } = jobRange(job);
  const { key, foreignKey, nest } = tables.children;
  const array = job.format === 'json' && job.jsonShape === 'array';
  let head = array && first === 0 ? '[\n' : '';
  return {
    async write({ first: at, parents, children }) {
      const byParent = new Map<string, TextRecord[]>();
      for (const run of childrenByParent(children, foreignKey)) byParent.set(run[0][foreignKey], run);
      let text = head;
      head = '';
      for (let i = 0; i < parents.length; i++) {
        const parent = parents[i];
        const kids = (byParent.get(parent[key]) ?? []).map((child) => pickColumns(child, tables.child.columns));
        const line = JSON.stringify(nest(pickColumns(parent, tables.parent.columns), kids));
        text += array ? (at + i === 0 ? '' : ',\n') + line : line + '\n';
      }
      await sink.write(encoder.encode(text));
    },
    async finish() {
      if (array && end === job.count) await sink.write(encoder.encode(head + '\n]\n'));
    },
  };
}

/** One Parquet file per table, each in row groups of PARQUET_ROW_GROUP_ROWS rows (the last one smaller). */
function parquetTablesWriter(
  module: ParquetWriterModule,
  job: RecordJob,
  tables: RunTables,
  parentSink: OutputSink,
  childSink: OutputSink,
): { write: ChunkWriter; finish(): Promise<void> } {
  const { first, end } = jobRange(job);
  const metadata = [
    { key: 'ussynth.seed', value: job.seed },
    { key: 'ussynth.records', value: `${tables.kind.name} ${first}..${end - 1} of ${job.count}` },
  ];
  const files = [
    { file: parquetFile(module, parentSink, tables.parent.columns, metadata), rows: [] as TextRecord[] },
    { file: parquetFile(module, childSink, tables.child.columns, metadata), rows: [] as TextRecord[] },
  ];
  return {
    async write({ parents, children }) {
      files[0].rows.push(...parents);
      files[1].rows.push(...children);
      for (const table of files) {
        if (table.rows.length < PARQUET_ROW_GROUP_ROWS) continue;
        await table.file.add(table.rows);
        table.rows = [];
      }
    },
    async finish() {
      for (const table of files) {
        if (table.rows.length > 0) await table.file.add(table.rows);
        await table.file.finish();
      }
    },
  };
}

function tableLayout(job: RecordJob, table: RunTable, constraints: readonly string[]): RecordLayout {
  return {
    columns: table.columns.map(({ name }) => name),
    loadColumns: table.columns,
    kinds: table.columns.map(({ type }) => FIELD_KIND_OF_TYPE[type]),
    dialect: job.dialect,
    table: table.name,
    jsonShape: 'array',
    constraints,
  };
}

/**
 * One file per table: the parents' rows at their run positions, the children's
 * rows one parent at a time (SQL's INSERTs never span two parents, so the files
 * of shards concatenated are the run's); the head only in the run's first
 * range, the tail only in its last.
 */
function tableFileWriter(
  job: RecordJob,
  tables: RunTables,
  parentSink: OutputSink,
  childSink: OutputSink,
): { write: ChunkWriter; finish(): Promise<void> } {
  const { first, end } = jobRange(job);
  const constraints = tableConstraints(job.dialect ?? 'portable', tables);
  const parentFormat: RecordFormat = recordFormat(job.format, tableLayout(job, tables.parent, constraints.parent));
  const childFormat: RecordFormat = recordFormat(job.format, tableLayout(job, tables.child, constraints.child));
  let heads = first === 0;
  return {
    async write({ first: at, parents, children }) {
      let parentText = heads ? parentFormat.head(job.count) : '';
      let childText = heads ? childFormat.head(1) : '';
      heads = false;
      parentText += parentFormat.body(parents, at, job.count);
      for (const run of childrenByParent(children, tables.children.foreignKey))
        childText += childFormat.body(run, 0, run.length);
      await parentSink.write(encoder.encode(parentText));
      await childSink.write(encoder.encode(childText));
    },
    async finish() {
      if (end !== job.count) return;
      await parentSink.write(encoder.encode(parentFormat.tail(job.count)));
      await childSink.write(encoder.encode(childFormat.tail(1)));
    },
  };
}
