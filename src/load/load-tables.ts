import { setImmediate as nextTurn } from 'node:timers/promises';
import type { LoadColumn } from '../records/columns/load-columns.js';
import { quoteTable } from '../records/columns/sql-dialect.js';
import { copyFormat } from '../records/formats/copy-text.js';
import type { TextRecord } from '../records/formats/record-format.js';
import { CHUNK_RECORDS, jobRange, type RecordJob } from '../records/record-job.js';
import { familyChunks, runTables, tableConstraints } from '../records/tables/run-tables.js';
import type { DatabaseLoader, LoadChunk } from './database-loader.js';
import { asLoadError, openLoader, prepareTable, scrubbed, type TableMode, type TablePlan } from './run-load.js';
import type { LoadTarget } from './load-target.js';

/**
 * A checked load of a two-table kind: both tables, one transaction.
 * @example await runTablesLoad({ target, job, mode: 'create', shared: false })
 */
export interface TablesLoadPlan {
  target: LoadTarget;
  /** A job of a two-table kind: its range of parents (format is ignored). */
  job: RecordJob;
  mode: TableMode;
  /** The tables are shared with concurrent loads (`--shard`): checked or created in a transaction of their own, under the parents' table lock. */
  shared: boolean;
  signal?: AbortSignal;
  /** Called as rows go out, with the parents sent so far. */
  onProgress?(parents: number): void;
}

/**
 * What a two-table load put in.
 * @example const { parents, children } = await runTablesLoad(plan)
 */
export interface TablesLoaded {
  parents: number;
  children: number;
}

async function* single(rows: readonly TextRecord[], columns: readonly LoadColumn[], copy: boolean) {
  const chunk: LoadChunk = copy
    ? { records: rows.length, bytes: new TextEncoder().encode(copyFormat(columns).body(rows, 0, rows.length)) }
    : { records: rows.length, rows };
  yield chunk;
}

/**
 * Loads a two-table kind's parents and children: creates the tables when
 * missing (the parents' with a PRIMARY KEY, the children's with a FOREIGN
 * KEY to it), or checks them (`append`, `truncate`: the children's rows
 * removed first), then inserts each chunk's parents, then their children,
 * all in one transaction. On any failure the transaction is rolled back and
 * a LoadError says why; neither table keeps a row (MySQL commits a CREATE
 * TABLE by itself: tables this load created there are dropped again).
 * @example const { parents, children } = await runTablesLoad({ target: parseLoadTarget('sqlite:t.db'), job, mode: 'create', shared: false })
 */
export async function runTablesLoad(plan: TablesLoadPlan): Promise<TablesLoaded> {
  const { target, job, signal } = plan;
  const tables = runTables(job);
  const constraints = tableConstraints(target.dialect, tables);
  const parentPlan: TablePlan = {
    target,
    table: tables.parent.name,
    columns: tables.parent.columns,
    mode: plan.mode,
    constraints: constraints.parent,
  };
  const childPlan: TablePlan = {
    target,
    table: tables.child.name,
    columns: tables.child.columns,
    mode: plan.mode,
    constraints: constraints.child,
  };
  // Messages name both tables.
  const named = { target, table: `${tables.parent.name} and ${tables.child.name}` };
  signal?.throwIfAborted();
  const loader = await openLoader(target).catch((error: unknown) => {
    throw scrubbed(asLoadError(error, named, signal), plan);
  });
  const onAbort = (): void => loader.destroy();
  signal?.addEventListener('abort', onAbort, { once: true });
  const created: string[] = [];
  const loaded: TablesLoaded = { parents: 0, children: 0 };
  try {
    if (plan.shared) {
      await loader.begin();
      await loader.lockTable(parentPlan.table, true);
      await prepareTable(loader, parentPlan, false, true);
      await prepareTable(loader, childPlan, false, true);
      await loader.commit();
    }
    await loader.begin();
    if (!plan.shared) {
      // The parents' table first: the children's foreign key refers to it.
      if (await prepareTable(loader, parentPlan, false, false)) created.push(parentPlan.table);
      if (await prepareTable(loader, childPlan, false, false)) created.push(childPlan.table);
    }
    // MySQL commits each CREATE TABLE by itself, which ends the transaction: the rows need a new one.
    if (target.dialect === 'mysql') await loader.begin();
    if (plan.mode === 'truncate') await truncateBoth(loader, target, parentPlan.table, childPlan.table);
    const copy = loader.input === 'copy';
    // Rows gathered until a batch holds CHUNK_RECORDS: a statement (COPY, LOAD DATA, prepared INSERTs) per few
    // parents cost more than the rows (a household chunk is about 250 rows; a small company's, a handful).
    let parents: TextRecord[] = [];
    let children: TextRecord[] = [];
    let sent = 0;
    const flush = async (): Promise<void> => {
      if (parents.length > 0)
        await loader.bulk(parentPlan.table, parentPlan.columns, single(parents, parentPlan.columns, copy));
      if (children.length > 0)
        await loader.bulk(childPlan.table, childPlan.columns, single(children, childPlan.columns, copy));
      loaded.parents += parents.length;
      loaded.children += children.length;
      plan.onProgress?.(sent);
      parents = [];
      children = [];
    };
    for (const chunk of familyChunks(job)) {
      // A turn of the event loop per chunk: a SIGINT is seen within one chunk.
      await nextTurn();
      signal?.throwIfAborted();
      for (const row of chunk.parents) parents.push(row);
      for (const row of chunk.children) children.push(row);
      sent = chunk.end - jobRange(job).first;
      if (parents.length + children.length >= CHUNK_RECORDS) await flush();
    }
    await flush();
    signal?.throwIfAborted();
    await loader.commit();
    await loader.close();
    return loaded;
  } catch (error) {
    await loader.rollback().catch(() => undefined);
    loader.destroy();
    if (created.length > 0 && target.dialect === 'mysql') await dropCreated(target, created);
    throw scrubbed(asLoadError(error, named, signal), plan);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

async function truncateBoth(loader: DatabaseLoader, target: LoadTarget, parent: string, child: string): Promise<void> {
  if (target.dialect === 'postgres') {
    // One statement: PostgreSQL refuses to TRUNCATE a table another one's foreign key refers to on its own.
    await loader.execute(`TRUNCATE ${quoteTable('postgres', child)}, ${quoteTable('postgres', parent)}`);
    return;
  }
  await loader.execute(`DELETE FROM ${quoteTable(target.dialect, child)}`);
  await loader.execute(`DELETE FROM ${quoteTable(target.dialect, parent)}`);
}

/**
 * Drops the (empty) tables a failed MySQL load created, children first, on a new connection (MySQL commits a CREATE
 * TABLE by itself, so a rollback leaves them).
 * @example await dropCreated(target, ['households', 'people'])
 */
export async function dropCreated(target: LoadTarget, created: readonly string[]): Promise<void> {
  const loader = await openLoader(target).catch(() => undefined);
  if (loader === undefined) return;
  try {
    for (const table of [...created].reverse())
      await loader.execute(`DROP TABLE IF EXISTS ${quoteTable('mysql', table)}`);
    await loader.close();
  } catch {
    loader.destroy();
  }
}
