import type BetterSqlite3 from 'better-sqlite3';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DatabaseLoader, LoadChunk } from '../load/database-loader.js';
import { importDrivers } from '../load/load-drivers.js';
import { LoadError } from '../load/load-error.js';
import { dropCreated } from '../load/load-tables.js';
import type { LoadTarget } from '../load/load-target.js';
import { asLoadError, openLoader, scrubbed } from '../load/run-load.js';
import { ByteSink } from '../records/chunks/byte-sink.js';
import { ChunksAhead } from './chunks-ahead.js';
import { loadOrder } from './load-order.js';
import { PgBinaryRows, type PgBinaryKind } from './pg-binary-rows.js';
import { pgBinaryKinds } from './seed-binary-kinds.js';
import { seedColumnBytes } from './seed-column-bytes.js';
import type { LoadColumn } from '../records/columns/load-columns.js';
import { quoteIdentifier, quoteTable } from '../records/columns/sql-dialect.js';
import type { TextRecord } from '../records/formats/record-format.js';
import type { DatabaseSchema } from './database-schema.js';
import type { SeedValue } from './generic-values.js';
import { readMysqlSchema } from './read-mysql-schema.js';
import { readPostgresSchema, type SchemaQuery } from './read-postgres-schema.js';
import { readSqliteSchema } from './read-sqlite-schema.js';
import type { TablePlan } from './seed-plan.js';
import type { ExistingKeys, SeedRows, SeedTableRun } from './seed-rows.js';
import { plainSeedRule, seedCopyText, sqliteSeedRow } from './seed-value-text.js';

/** Rows generated, encoded and sent per chunk: one COPY/LOAD DATA stream per table, a turn of the event loop per chunk. */
const SEED_CHUNK_ROWS = 5_000;

/** Rows rendered and encoded at a time within a chunk, as the single-table load does (record-job.ts, SUBCHUNK_RECORDS). */
const SEED_RENDER_ROWS = 100;

/**
 * At most this many chunks are made ahead of the one being sent (about 35 MB of COPY text or binary tuples), while
 * the server copies or builds keys. SQLite's loader inserts on this thread, so nothing would be made meanwhile:
 * one chunk ahead, as its rows are objects that take more memory than their bytes.
 */
const AHEAD_CHUNKS = 50;
const SQLITE_AHEAD_CHUNKS = 1;

/**
 * A seed of a database: where, the rows, the tables in insert order (parents first), the CREATE TABLE text of a
 * schema file's tables, what to do with tables that exist, a shard, an abort signal and a progress callback.
 * @example await runSeedLoad({ target: parseLoadTarget('sqlite:crm.db'), rows, tables, create, mode: 'create' })
 */
export interface SeedLoadPlan {
  target: LoadTarget;
  /** The rows (part A): each table's written columns, counts and rows, and where the keys the database fills go. */
  rows: SeedRows;
  /** Insert order: parents first. */
  tables: readonly SeedTableRun[];
  /** A schema file's run: the CREATE TABLE text of each table (schemaTableSql); undefined for existing tables. */
  create?: ReadonlyMap<string, string>;
  /** create: a table of `create` that exists is refused; append: rows added; truncate: the seeded tables emptied first. */
  mode: 'create' | 'append' | 'truncate';
  /** Write shard `index` (0-based) of `count`: tables made when missing and committed at once, so every shard finds them. */
  shard?: { index: number; count: number };
  signal?: AbortSignal;
  /** Called after each chunk with the rows sent so far and the rows of the whole run. */
  onProgress?(rows: number, total: number): void;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A loader's connection, its errors as LoadErrors with the target's passwords taken out. */
async function connect(target: LoadTarget, what: string, signal: AbortSignal | undefined): Promise<DatabaseLoader> {
  signal?.throwIfAborted();
  return openLoader(target).catch((error: unknown) => {
    throw scrubbed(asLoadError(error, { target, table: what }, signal), { target });
  });
}

/** Opens a SQLite file that must exist, read-only: reading a schema never creates the file. */
async function openSqliteFile(target: LoadTarget): Promise<BetterSqlite3.Database> {
  const [module] = (await importDrivers('sqlite')) as [{ default: typeof BetterSqlite3 }];
  try {
    return new module.default(target.path!, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new LoadError('unavailable', `cannot open ${target.shown}: ${message(error)}`, { cause: error });
  }
}

/**
 * Reads the schema of the database at `target` (PostgreSQL's current schema, the MySQL database of the URL, or
 * the SQLite file, which must exist), its tables sorted by name. Fails with a LoadError (`unavailable` and the
 * like, the password never in it).
 * @example const schema = await readDatabaseSchema(parseLoadTarget('postgres://app@127.0.0.1/crm'))
 */
export async function readDatabaseSchema(target: LoadTarget, signal?: AbortSignal): Promise<DatabaseSchema> {
  signal?.throwIfAborted();
  if (target.dialect === 'sqlite') {
    const db = await openSqliteFile(target);
    try {
      return readSqliteSchema(db);
    } catch (error) {
      throw scrubbed(asLoadError(error, { target, table: 'the schema' }, signal), { target });
    } finally {
      db.close();
    }
  }
  const loader = await connect(target, 'the schema', signal);
  const onAbort = (): void => loader.destroy();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const query: SchemaQuery = (sql, params) => loader.query(sql, params);
    let schema: DatabaseSchema;
    if (target.dialect === 'postgres') {
      // The URL's search_path (options=-csearch_path=...) decides the schema, as for any query of the user's.
      const [row] = await loader.query('SELECT current_schema() AS name');
      schema = await readPostgresSchema(query, String(row.name ?? 'public'));
    } else {
      schema = await readMysqlSchema(query, decodeURIComponent(new URL(target.url!).pathname.slice(1)));
    }
    await loader.close();
    return schema;
  } catch (error) {
    loader.destroy();
    throw scrubbed(asLoadError(error, { target, table: 'the schema' }, signal), { target });
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/** The (table, column) pairs the tables reference in tables outside them. */
function outsideReferences(tables: readonly TablePlan[]): { table: string; column: string }[] {
  const seeded = new Set(tables.map((t) => t.table));
  const pairs = new Map<string, { table: string; column: string }>();
  for (const table of tables)
    for (const { rule } of table.columns)
      if (rule.rule === 'reference' && !seeded.has(rule.table))
        pairs.set(`${rule.table}\u0000${rule.column}`, { table: rule.table, column: rule.column });
  return [...pairs.values()];
}

/**
 * Reads, before a run, the keys of the existing rows of every parent table the tables reference but do not seed:
 * `SELECT column FROM table ORDER BY column` (NULLs left out), once per (table, column). Connects only when there
 * is such a reference. Fails with a LoadError, the password never in it.
 * @example const existingKeys = await readExistingKeys(target, tables); existingKeys('companies', 'id')
 */
export async function readExistingKeys(
  target: LoadTarget,
  tables: readonly TablePlan[],
  signal?: AbortSignal,
): Promise<ExistingKeys> {
  const pairs = outsideReferences(tables);
  const keys = new Map<string, readonly SeedValue[]>();
  const found: ExistingKeys = (table, column) => keys.get(`${table}\u0000${column}`) ?? [];
  if (pairs.length === 0) return found;
  const loader = await connect(target, pairs.map((p) => p.table).join(', '), signal);
  const onAbort = (): void => loader.destroy();
  signal?.addEventListener('abort', onAbort, { once: true });
  const { dialect } = target;
  try {
    for (const { table, column } of pairs) {
      const name = quoteIdentifier(dialect, column);
      const rows = await loader.query(
        `SELECT ${name} AS k FROM ${quoteTable(dialect, table)} WHERE ${name} IS NOT NULL ORDER BY ${name}`,
      );
      keys.set(
        `${table}\u0000${column}`,
        rows.map((row) => row.k as SeedValue),
      );
    }
    await loader.close();
    return found;
  } catch (error) {
    loader.destroy();
    throw scrubbed(asLoadError(error, { target, table: pairs.map((p) => p.table).join(', ') }, signal), { target });
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/** The parent columns the database fills (`database` rule) that a seeded table references: read back after the parent's rows. */
function filledKeys(tables: readonly SeedTableRun[]): Map<string, string[]> {
  const byName = new Map(tables.map((t) => [t.table, t]));
  const needed = new Map<string, string[]>();
  for (const table of tables)
    for (const { rule } of table.columns) {
      if (rule.rule !== 'reference') continue;
      const parent = byName.get(rule.table);
      const column = parent?.columns.find((c) => c.column === rule.column);
      if (column?.rule.rule !== 'database') continue;
      const list = needed.get(rule.table) ?? [];
      if (!list.includes(rule.column)) list.push(rule.column);
      needed.set(rule.table, list);
    }
  return needed;
}

/** Case-insensitive column names in MySQL and SQLite, as their catalogues compare them. */
function hasColumn(names: readonly string[], name: string, foldCase: boolean): boolean {
  return names.some((n) => n === name || (foldCase && n.toLowerCase() === name.toLowerCase()));
}

/**
 * Creates (schema files) or checks the tables and fills every one in ONE transaction, parents first: COPY for
 * PostgreSQL, LOAD DATA for MySQL/MariaDB, prepared multi-row INSERTs for SQLite. Keys the database fills that a
 * seeded child references are read back after the parent's rows and given to `rows.setFilledKeys`. `truncate`
 * empties the seeded tables first (children first; PostgreSQL: one TRUNCATE of them all). On any failure or an
 * abort the transaction is rolled back (MySQL's self-committing CREATE TABLEs dropped again) and a LoadError says
 * why, the password never in it: no table keeps a row, and no table the run created is left. Resolves the rows
 * put in per table.
 * @example const loaded = await runSeedLoad({ target, rows, tables, create, mode: 'create' }); loaded.get('contacts')
 */
export async function runSeedLoad(plan: SeedLoadPlan): Promise<ReadonlyMap<string, number>> {
  const { target, rows, tables, signal, shard } = plan;
  const { dialect } = target;
  if (shard !== undefined && plan.mode === 'truncate')
    throw new LoadError(
      'invalid_load_option',
      'truncate cannot be combined with a shard: each shard would empty the rows the others wrote; empty the tables first, then load the shards with append',
    );
  const names = tables.map((t) => t.table);
  // Messages name the table being worked on when one is; the whole run's tables otherwise.
  let current = names.join(', ');
  const fail = (error: unknown): LoadError =>
    scrubbed(asLoadError(error, { target, table: current }, signal), { target });
  const ranges = new Map(
    tables.map((t) => [
      t.table,
      shard === undefined
        ? { first: 0, end: rows.rowCount(t.table) }
        : rows.shardRange(t.table, shard.index, shard.count),
    ]),
  );
  const total = [...ranges.values()].reduce((sum, r) => sum + (r.end - r.first), 0);
  const loader = await connect(target, current, signal);
  const onAbort = (): void => loader.destroy();
  signal?.addEventListener('abort', onAbort, { once: true });
  const created: string[] = [];
  const deferred: Deferred = { primaryKeys: [], foreignKeys: [] };
  const loaded = new Map<string, number>();
  let sent = 0;
  try {
    if (shard !== undefined) {
      // Shards run side by side: the first one creates the tables, in a transaction of its own under a lock, and
      // commits them, so the others find them and add their rows.
      await loader.begin();
      await loader.lockTable(names[0] ?? '', true);
      await prepareTables(loader, plan, (table) => (current = table), []);
      await loader.commit();
      await loader.begin();
    } else if (dialect === 'mysql') {
      // MySQL commits each CREATE TABLE by itself: the tables are made first, then the rows go in a transaction of
      // their own; on failure the tables made here are dropped again.
      await prepareTables(loader, plan, (table) => (current = table), created);
      await loader.begin();
    } else {
      await loader.begin();
      await prepareTables(
        loader,
        plan,
        (table) => (current = table),
        created,
        dialect === 'postgres' ? deferred : undefined,
      );
    }
    if (plan.mode === 'truncate') {
      current = names.join(', ');
      await truncateAll(loader, dialect, names);
    }
    const readBack = filledKeys(tables);
    const copy = loader.input === 'copy';
    const keys = new KeyBuilds(loader, deferred, names);
    const ruleOf = (table: string, column: string) =>
      tables.find((t) => t.table === table)?.columns.find((c) => c.column === column)?.rule;
    // PostgreSQL takes the tables whose every column has a binary kind in binary COPY; asked now, as the keys built
    // later keep the connection busy while the next table's rows are made.
    const binaryKinds = new Map<string, PgBinaryKind[] | undefined>();
    if (dialect === 'postgres')
      for (const table of tables) {
        current = table.table;
        const types = new Map((await loader.describe(table.table))?.map((c) => [c.name, c.type]));
        binaryKinds.set(
          table.table,
          pgBinaryKinds(rows.columns(table.table), (column) => types.get(column), ruleOf),
        );
      }
    const order = loadOrder(tables, dialect === 'postgres' && created.length === names.length && readBack.size === 0);
    /** A table's chunks, each its own buffer (kept until sent), a turn of the event loop before each. */
    const chunksOf = (table: SeedTableRun) =>
      async function* chunks(): AsyncGenerator<LoadChunk> {
        const { first, end } = ranges.get(table.table)!;
        const written = rows.columns(table.table);
        // A table the database fills every column of makes no chunks: insertDefaults writes its rows.
        if (written.length === 0) return;
        // MySQL's DATETIME takes a timestamp without its `T` and `Z`.
        const timestamps = written.map((c) => c.family === 'timestamp');
        // Columns whose values need no escape: written as they are (the same text, with less work per value).
        const indexPlain = written.some((c) => c.rule.rule === 'field') && rows.indexPlain(table.table);
        const plain = written.map((c) => plainSeedRule(c.rule, ruleOf, indexPlain));
        const kinds = binaryKinds.get(table.table);
        // A binary table's columns made straight as bytes, not as text parsed back (seed-column-bytes.ts).
        const direct = kinds && seedColumnBytes(rows, table.table, kinds);
        const skip = direct?.map((made) => made !== undefined);
        // Each chunk's buffer the size of the last one's and a little more, so it seldom grows.
        let size = 1 << 16;
        for (let at = first; at < end; at += SEED_CHUNK_ROWS) {
          // A turn of the event loop per chunk: an abort (SIGINT) is seen within one chunk, and the chunks made
          // go out between.
          await nextTurn();
          signal?.throwIfAborted();
          const stop = Math.min(end, at + SEED_CHUNK_ROWS);
          const values = rows.rows(table.table, at, stop, skip);
          if (!copy) {
            // The SQLite loader binds each row's values by its columns' `field`, here their index in the row.
            yield { records: values.length, rows: values.map(sqliteSeedRow) as unknown as TextRecord[] };
            continue;
          }
          let bytes: Uint8Array;
          if (kinds !== undefined) {
            const tuples = new PgBinaryRows(kinds, new Uint8Array(size));
            tuples.write(values, at, direct);
            bytes = tuples.bytes();
          } else {
            const sink = new ByteSink(new Uint8Array(size));
            for (let part = 0; part < values.length; part += SEED_RENDER_ROWS)
              sink.write(
                seedCopyText(
                  dialect as 'postgres' | 'mysql',
                  values.slice(part, part + SEED_RENDER_ROWS),
                  timestamps,
                  plain,
                ),
              );
            bytes = sink.bytes();
          }
          size = Math.max(size, Math.ceil(bytes.length * 1.05));
          yield { records: values.length, bytes, owned: true };
        }
      };
    // A table whose references take keys the database filled is made once those keys are read back.
    const tableDone: (() => void)[] = [];
    const tablesDone = order.map((_, index) => new Promise<void>((resolve) => (tableDone[index] = resolve)));
    const ahead = new ChunksAhead(
      order.map((table) => chunksOf(table)),
      copy ? AHEAD_CHUNKS : SQLITE_AHEAD_CHUNKS,
      async (index) => (readBack.size > 0 && index > 0 ? await tablesDone[index - 1] : undefined),
    );
    try {
      for (const [index, table] of order.entries()) {
        current = table.table;
        const { first, end } = ranges.get(table.table)!;
        const columns: LoadColumn[] = rows
          .columns(table.table)
          .map((c, i) => ({ name: c.name, field: String(i), type: 'text' }));
        const keyColumns = readBack.get(table.table) ?? [];
        const before = new Map<string, unknown>();
        // The keys sent for the tables before run first (the connection takes one statement at a time); the next
        // tables' rows are made meanwhile.
        await keys.settled((table) => (current = table));
        current = table.table;
        for (const column of keyColumns) {
          const [row] = await loader.query(
            `SELECT max(${quoteIdentifier(dialect, column)}) AS m FROM ${quoteTable(dialect, table.table)}`,
          );
          before.set(column, row.m);
        }
        async function* sending(): AsyncGenerator<LoadChunk> {
          for await (const chunk of ahead.table(index)) {
            yield chunk;
            sent += chunk.records;
            plan.onProgress?.(sent, total);
          }
        }
        if (end > first && columns.length > 0)
          await loader.bulk(table.table, columns, sending(), binaryKinds.get(table.table) !== undefined);
        else if (end > first) await insertDefaults(loader, dialect, table.table, end - first);
        signal?.throwIfAborted();
        loaded.set(table.table, end - first);
        for (const column of keyColumns)
          rows.setFilledKeys(
            table.table,
            column,
            await newKeys(loader, dialect, table.table, column, before.get(column), end - first),
          );
        tableDone[index]();
        keys.tableLoaded(table.table);
      }
    } finally {
      await ahead.halt();
    }
    // The keys left (the last table's): each index built and each foreign key checked in one pass.
    keys.rest();
    await keys.settled((table) => (current = table));
    signal?.throwIfAborted();
    await loader.commit();
    await loader.close();
    return new Map(names.map((name) => [name, loaded.get(name) ?? 0]));
  } catch (error) {
    await loader.rollback().catch(() => undefined);
    loader.destroy();
    if (created.length > 0 && dialect === 'mysql') await dropCreated(target, created);
    throw fail(error);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Creates the tables of `create` that are missing (refusing, in `create` mode without a shard, one that exists)
 * and checks that every table has the columns written into it; pushes the tables it created.
 */
async function prepareTables(
  loader: DatabaseLoader,
  plan: SeedLoadPlan,
  working: (table: string) => void,
  created: string[],
  deferred?: Deferred,
): Promise<void> {
  const { target, create, rows } = plan;
  const foldCase = target.dialect !== 'postgres';
  const existing = new Map<string, string[] | undefined>();
  for (const table of plan.tables) {
    working(table.table);
    existing.set(
      table.table,
      (await loader.describe(table.table))?.map((c) => c.name),
    );
  }
  // Every refusal before the first CREATE: nothing is made when one table is refused.
  for (const table of plan.tables) {
    working(table.table);
    const columns = existing.get(table.table);
    const sql = create?.get(table.table);
    if (columns === undefined) {
      if (sql === undefined)
        throw new LoadError(
          'table_mismatch',
          `table ${table.table} does not exist in ${target.shown}; nothing was loaded`,
        );
      continue;
    }
    if (sql !== undefined && plan.mode === 'create' && plan.shard === undefined)
      throw new LoadError(
        'table_exists',
        `table ${table.table} already exists in ${target.shown}; add --append to add the rows to it or --truncate to replace its rows; nothing was loaded`,
      );
    const missing = rows
      .columns(table.table)
      .map((c) => c.name)
      .filter((name) => !hasColumn(columns, name, foldCase));
    if (missing.length > 0)
      throw new LoadError(
        'table_mismatch',
        `table ${table.table} in ${target.shown} has no column ${missing.join(', ')}; nothing was loaded`,
      );
  }
  for (const table of plan.tables) {
    if (existing.get(table.table) !== undefined) continue;
    working(table.table);
    const sql = create!.get(table.table)!;
    await loader.execute(deferred === undefined ? sql : withoutKeys(sql, table, deferred));
    created.push(table.table);
  }
}

/**
 * The keys of tables a PostgreSQL run created, added once their rows are in: `[table, ALTER TABLE ...]`, a foreign
 * key with the table it references (quoted).
 */
interface Deferred {
  primaryKeys: [string, string][];
  foreignKeys: [string, string, string][];
}

/**
 * The deferred keys of a run, each sent as soon as its table (and a foreign key's parent) has its rows: the server
 * builds them while the client makes the next table's rows, where building them all after the last table left the
 * client idle (docs/benchmarks.md, "Seed load"). One connection, so one statement at a time, in the transaction.
 */
class KeyBuilds {
  private running: Promise<void> = Promise.resolve();
  /** The table of the statement being run: a failure is reported on it. */
  private table: string | undefined;
  private readonly waiting: [string, string, string?][];
  private readonly loaded = new Set<string>();
  private readonly seeded: Set<string>;

  constructor(
    private readonly loader: DatabaseLoader,
    deferred: Deferred,
    tables: readonly string[],
  ) {
    // Primary keys first: a foreign key needs the unique index of the key it references.
    this.waiting = [...deferred.primaryKeys, ...deferred.foreignKeys];
    this.seeded = new Set(tables.map((t) => quoteTable('postgres', t)));
  }

  /** Sends the keys whose tables now all have their rows: the table's own, and foreign keys to or from it. */
  tableLoaded(table: string): void {
    this.loaded.add(quoteTable('postgres', table));
    const ready = (name: string): boolean => this.loaded.has(name) || !this.seeded.has(name);
    const now = this.waiting.filter(
      ([t, , parent]) => ready(quoteTable('postgres', t)) && (parent === undefined || ready(parent)),
    );
    this.start(now);
  }

  /** Sends every key not sent yet. */
  rest(): void {
    this.start([...this.waiting]);
  }

  private start(list: readonly [string, string, string?][]): void {
    if (list.length === 0) return;
    for (const key of list) this.waiting.splice(this.waiting.indexOf(key), 1);
    const previous = this.running;
    this.running = (async () => {
      await previous;
      for (const [table, sql] of list) {
        this.table = table;
        await this.loader.execute(sql);
      }
      this.table = undefined;
    })();
    // Awaited by settled(); marked handled here so a failure during the next table's rows is not an unhandled rejection.
    this.running.catch(() => undefined);
  }

  /** Waits for the keys sent so far; a failure is reported on its table through `failed`. */
  async settled(failed: (table: string) => void): Promise<void> {
    try {
      await this.running;
    } catch (error) {
      if (this.table !== undefined) failed(this.table);
      throw error;
    }
  }
}

// The constraint lines of schemaTableSql's CREATE TABLE text.
const KEY_LINE = /^ {2}((?:PRIMARY|FOREIGN) KEY \(.*\))(,?)$/;

/**
 * A CREATE TABLE without its PRIMARY KEY and FOREIGN KEY lines, which go to `deferred` as ALTER TABLEs: PostgreSQL
 * checks a foreign key row by row (a trigger per row) and grows an index row by row, where adding them once the rows
 * are in builds the index by sorting and checks the references in one join, as pg_restore does. Still in the
 * transaction: a clash or an orphan fails the run as it would have row by row.
 */
function withoutKeys(sql: string, table: TablePlan, deferred: Deferred): string {
  const kept: string[] = [];
  for (const line of sql.split('\n')) {
    const key = KEY_LINE.exec(line);
    if (key === null) {
      kept.push(line);
      continue;
    }
    const alter = `ALTER TABLE ${quoteTable('postgres', table.table)} ADD ${key[1]}`;
    if (key[1].startsWith('PRIMARY')) deferred.primaryKeys.push([table.table, alter]);
    else deferred.foreignKeys.push([table.table, alter, referenced(table, key[1])]);
  }
  // The last column line before the closing parenthesis loses the comma the removed lines followed.
  const close = kept.length - 1;
  if (close > 0 && kept[close] === ')') kept[close - 1] = kept[close - 1].replace(/,$/, '');
  return kept.join('\n');
}

/** The table (quoted) a FOREIGN KEY line of schemaTableSql references, found by its reference column's rule. */
function referenced(table: TablePlan, line: string): string {
  for (const { column, rule } of table.columns) {
    if (rule.rule !== 'reference') continue;
    const parent = quoteTable('postgres', rule.table);
    if (line.startsWith(`FOREIGN KEY (${quoteIdentifier('postgres', column)}) REFERENCES ${parent} (`)) return parent;
  }
  throw new Error(`no reference column for ${line} in ${table.table}`);
}

/** Empties the seeded tables, children first; PostgreSQL in one TRUNCATE (it refuses a referenced table's alone). */
async function truncateAll(loader: DatabaseLoader, dialect: LoadTarget['dialect'], tables: readonly string[]) {
  if (tables.length === 0) return;
  if (dialect === 'postgres') {
    await loader.execute(`TRUNCATE ${tables.map((t) => quoteTable('postgres', t)).join(', ')}`);
    return;
  }
  // DELETE, not MySQL's TRUNCATE: that one commits by itself and would end the transaction.
  for (const table of [...tables].reverse()) await loader.execute(`DELETE FROM ${quoteTable(dialect, table)}`);
}

/** Rows of a table all of whose columns the database fills: one INSERT of its defaults per row. */
async function insertDefaults(
  loader: DatabaseLoader,
  dialect: LoadTarget['dialect'],
  table: string,
  count: number,
): Promise<void> {
  const sql =
    dialect === 'mysql'
      ? `INSERT INTO ${quoteTable(dialect, table)} () VALUES ()`
      : `INSERT INTO ${quoteTable(dialect, table)} DEFAULT VALUES`;
  for (let i = 0; i < count; i++) await loader.execute(sql);
}

/**
 * The keys the database gave the rows just inserted, in insert order: those above the largest key before them
 * (identity, serial, AUTO_INCREMENT and SQLite's rowid count up), checked to be exactly as many as the rows.
 */
async function newKeys(
  loader: DatabaseLoader,
  dialect: LoadTarget['dialect'],
  table: string,
  column: string,
  before: unknown,
  count: number,
): Promise<SeedValue[]> {
  const name = quoteIdentifier(dialect, column);
  const from = quoteTable(dialect, table);
  const found =
    before === null || before === undefined
      ? await loader.query(`SELECT ${name} AS k FROM ${from} ORDER BY ${name}`)
      : await loader.query(
          `SELECT ${name} AS k FROM ${from} WHERE ${name} > ${dialect === 'postgres' ? '$1' : '?'} ORDER BY ${name}`,
          [before],
        );
  if (found.length !== count)
    throw new Error(
      `reading back the keys the database gave ${table}.${column}: found ${found.length} new keys for ${count} new rows (another session inserted rows meanwhile, or the column does not count up); name a uuid or sequence rule for it`,
    );
  return found.map((row) => row.k as SeedValue);
}
