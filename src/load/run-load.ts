import { setImmediate as nextTurn } from 'node:timers/promises';
import { recordChunks, type ChunkOptions } from '../records/chunks/chunk-source.js';
import { CHUNK_RECORDS, jobRange, recordReader, type RecordJob } from '../records/record-job.js';
import type { DatabaseLoader, LoadChunk } from './database-loader.js';
import { LoadError } from './load-error.js';
import type { LoadColumn } from '../records/columns/load-columns.js';
import type { LoadTarget } from './load-target.js';
import { withoutSecrets } from './masked-target.js';
import { openMysqlLoader } from './mysql-loader.js';
import { openPostgresLoader } from './postgres-loader.js';
import { quoteTable } from '../records/columns/sql-dialect.js';
import { openSqliteLoader } from './sqlite-loader.js';
import { createTableSql } from '../records/columns/table-ddl.js';

/**
 * What to do with an existing table: refuse (`create`, the default: the
 * table must not exist), add the rows (`append`) or replace its rows (`truncate`).
 * A missing table is created in every mode.
 * @example const mode: TableMode = 'append'
 */
export type TableMode = 'create' | 'append' | 'truncate';

/**
 * A checked load: where, which records (the job's range), how.
 * @example await runLoad({ target, table: 'people', columns, job, jobs: 1, mode: 'create', shared: false })
 */
export interface LoadPlan {
  target: LoadTarget;
  table: string;
  columns: readonly LoadColumn[];
  /** The records: its range of its run (format is ignored). */
  job: RecordJob;
  /** Threads: for PostgreSQL and MySQL, the COPY text is rendered on all of them; for SQLite, jobs - 1 render it while this one inserts. */
  jobs: number;
  mode: TableMode;
  /** Commit after every this many records instead of once at the end. */
  commitEvery?: number;
  /** The table is shared with concurrent loads (`--shard`): it is checked or created in a transaction of its own, under a lock. */
  shared: boolean;
  signal?: AbortSignal;
  /** Called after each commit with the first record not yet loaded. */
  onCommit?(next: number): void;
  /** Called as chunks go out, with the records sent so far. */
  onProgress?(sent: number): void;
}

/**
 * Opens the loader of a target's database.
 * @example const loader = await openLoader(parseLoadTarget('sqlite:test.db'))
 */
export function openLoader(target: LoadTarget): Promise<DatabaseLoader> {
  switch (target.dialect) {
    case 'postgres':
      return openPostgresLoader(target);
    case 'mysql':
      return openMysqlLoader(target);
    case 'sqlite':
      return openSqliteLoader(target);
  }
}

function findColumn<T extends { name: string }>(columns: readonly T[], name: string, foldCase: boolean): T | undefined {
  return (
    columns.find((column) => column.name === name) ??
    (foldCase ? columns.find((column) => column.name.toLowerCase() === name.toLowerCase()) : undefined)
  );
}

/**
 * One table a load fills: where, its name, its columns, what to do when it
 * exists, and its constraints (a two-table kind's keys) when it is created.
 * @example const table: TablePlan = { target, table: 'people', columns, mode: 'append' }
 */
export interface TablePlan {
  target: LoadTarget;
  table: string;
  columns: readonly LoadColumn[];
  mode: TableMode;
  constraints?: readonly string[];
}

/**
 * Checks the table against the load's columns, creating it when missing:
 * refuses an existing one in `create` mode, and one lacking a column or
 * holding it with an incompatible type (LoadError `table_mismatch`, before any row is sent).
 * `locked`: the caller holds the table's lock already (the shards' own transaction).
 * Resolves whether it created the table.
 * @example const created = await prepareTable(loader, plan, false, false)
 */
export async function prepareTable(
  loader: DatabaseLoader,
  plan: TablePlan,
  truncate: boolean,
  locked: boolean,
): Promise<boolean> {
  const { target, table, columns } = plan;
  let existing = await loader.describe(table);
  if (existing === undefined && !locked) {
    // Another load may be creating this table in its open transaction (PostgreSQL's CREATE TABLE is part of it and
    // would block on it, then fail on a catalogue index): the loads that create a table take its lock first, so a
    // second one waits for the first to commit (append, truncate) or is refused at once (create), then looks again.
    if (!(await loader.lockTable(table, plan.mode !== 'create'))) {
      throw new LoadError(
        'table_exists',
        `table ${table} is being created by another load into ${target.shown}; add --append to wait for it and add the rows, or load another table`,
      );
    }
    existing = await loader.describe(table);
  }
  if (existing === undefined) {
    await loader.execute(createTableSql(target.dialect, table, columns, plan.constraints));
    return true;
  }
  if (plan.mode === 'create') {
    throw new LoadError(
      'table_exists',
      `table ${table} already exists in ${target.shown}; add --append to add the rows to it or --truncate to replace its rows`,
    );
  }
  // MySQL's and SQLite's column names are case-insensitive; PostgreSQL's quoted ones are not.
  const foldCase = target.dialect !== 'postgres';
  const problems: string[] = [];
  for (const column of columns) {
    const found = findColumn(existing, column.name, foldCase);
    if (found === undefined) problems.push(`has no column ${column.name}`);
    else if (!loader.compatible(column, found.type))
      problems.push(
        `has column ${column.name} as ${found.type || '(no type)'}, which cannot hold ${column.type} values`,
      );
  }
  if (problems.length > 0)
    throw new LoadError(
      'table_mismatch',
      `table ${table} in ${target.shown} ${problems.join('; ')}; nothing was loaded`,
    );
  if (truncate)
    await loader.execute(
      target.dialect === 'postgres'
        ? `TRUNCATE ${quoteTable('postgres', table)}`
        : `DELETE FROM ${quoteTable(target.dialect, table)}`,
    );
  return false;
}

async function* renderedChunks(
  job: RecordJob,
  format: 'copy' | 'sqlite-values',
  jobs: number,
  first: number,
  end: number,
  signal: AbortSignal | undefined,
  chunkOptions: ChunkOptions = {},
): AsyncGenerator<LoadChunk> {
  for await (const chunk of recordChunks({ ...job, format, range: { first, end } }, jobs, chunkOptions)) {
    // A turn of the event loop per chunk: a socket that takes everything at once would otherwise keep a SIGINT from being seen.
    await nextTurn();
    signal?.throwIfAborted();
    yield chunk;
  }
}

async function* recordRows(
  job: RecordJob,
  first: number,
  end: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<LoadChunk> {
  const read = recordReader(job);
  for (let start = first; start < end; start += CHUNK_RECORDS) {
    signal?.throwIfAborted();
    const count = Math.min(CHUNK_RECORDS, end - start);
    yield { records: count, rows: read(start, count) };
  }
}

async function* counted(
  chunks: AsyncIterable<LoadChunk>,
  onChunk: (records: number) => void,
): AsyncGenerator<LoadChunk> {
  for await (const chunk of chunks) {
    yield chunk;
    onChunk(chunk.records);
  }
}

/**
 * Runs a load: connects, checks or creates the table, streams the records
 * of the job's range in one transaction (or one per `commitEvery` records)
 * and commits. On any failure the open transaction is rolled back and a
 * LoadError says why; `committed`/`resumeAt` tell what is in for good.
 * @example const { loaded } = await runLoad(plan)
 */
export async function runLoad(plan: LoadPlan): Promise<{ loaded: number }> {
  const { first, end } = jobRange(plan.job);
  const signal = plan.signal;
  signal?.throwIfAborted();
  const loader = await openLoader(plan.target).catch((error: unknown) => {
    throw scrubbed(asLoadError(error, plan, signal), plan);
  });
  const onAbort = (): void => loader.destroy();
  signal?.addEventListener('abort', onAbort, { once: true });
  let next = first;
  let sent = 0;
  try {
    if (plan.shared) {
      await loader.begin();
      await loader.lockTable(plan.table, true);
      await prepareTable(loader, plan, false, true);
      await loader.commit();
    }
    let prepared = plan.shared;
    while (next < end || !prepared) {
      const stop = plan.commitEvery === undefined ? end : Math.min(end, next + plan.commitEvery);
      await loader.begin();
      if (!prepared) {
        await prepareTable(loader, plan, plan.mode === 'truncate', false);
        prepared = true;
      }
      const chunks =
        loader.input === 'copy'
          ? renderedChunks(plan.job, 'copy', plan.jobs, next, stop, signal)
          : // SQLite inserts on this thread: with more than one job (and more than a chunk) the records are rendered as SQL row tuples on jobs - 1 worker threads meanwhile.
            plan.jobs > 1 && stop - next > CHUNK_RECORDS
            ? renderedChunks(plan.job, 'sqlite-values', plan.jobs - 1, next, stop, signal, { mainRenders: false })
            : recordRows(plan.job, next, stop, signal);
      await loader.bulk(
        plan.table,
        plan.columns,
        counted(chunks, (records) => plan.onProgress?.((sent += records))),
      );
      signal?.throwIfAborted();
      await loader.commit();
      next = stop;
      plan.onCommit?.(next);
    }
    await loader.close();
    return { loaded: end - first };
  } catch (error) {
    await loader.rollback().catch(() => undefined);
    loader.destroy();
    const failure = scrubbed(asLoadError(error, plan, signal), plan);
    failure.committed = next - first;
    if (plan.commitEvery !== undefined) failure.resumeAt = next;
    throw failure;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * The error with the target's passwords taken out of its message, whatever the driver said.
 * @example throw scrubbed(asLoadError(error, plan, signal), plan)
 */
export function scrubbed(error: LoadError, plan: Pick<LoadPlan, 'target'>): LoadError {
  error.message = withoutSecrets(error.message, plan.target.secrets);
  return error;
}

/**
 * A failure of a load as a LoadError: `aborted` when the signal fired, the LoadError itself, else
 * `permission_denied` or `load_failed` with the database's words.
 * @example const failure = asLoadError(error, plan, signal)
 */
export function asLoadError(
  error: unknown,
  plan: Pick<LoadPlan, 'target' | 'table'>,
  signal: AbortSignal | undefined,
): LoadError {
  if (signal?.aborted)
    return new LoadError(
      'aborted',
      `the load into ${plan.table} was stopped (${signal.reason instanceof Error ? signal.reason.message : String(signal.reason)}); its open transaction was rolled back`,
      { cause: error },
    );
  if (error instanceof LoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (isPermissionDenied(error)) {
    return new LoadError(
      'permission_denied',
      `permission denied: loading ${plan.table} in ${plan.target.shown}: ${message}; the open transaction was rolled back`,
      { cause: error },
    );
  }
  return new LoadError(
    'load_failed',
    `loading ${plan.table} in ${plan.target.shown} failed: ${message}; the open transaction was rolled back`,
    { cause: error },
  );
}

// PostgreSQL's SQLSTATE insufficient_privilege; MySQL's and MariaDB's "command denied" for a table or a column.
const DENIED_MYSQL_CODES = new Set([
  'ER_TABLEACCESS_DENIED_ERROR',
  'ER_COLUMNACCESS_DENIED_ERROR',
  'ER_DBACCESS_DENIED_ERROR',
  'ER_SPECIFIC_ACCESS_DENIED_ERROR',
]);

function isPermissionDenied(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '42501' || (typeof code === 'string' && DENIED_MYSQL_CODES.has(code));
}
