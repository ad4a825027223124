import type BetterSqlite3 from 'better-sqlite3';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DatabaseLoader, TableColumn } from './database-loader.js';
import { importDrivers } from './load-drivers.js';
import { LoadError } from './load-error.js';
import type { LoadColumn } from './load-columns.js';
import type { LoadTarget } from './load-target.js';
import { quoteIdentifier, quoteTable, splitTable } from './sql-dialect.js';
import { columnList } from './table-ddl.js';
import { sqliteValues } from './sqlite-values.js';

// SQLite's type affinity of a declared type (https://sqlite.org/datatype3.html, 3.1).
function affinity(declared: string): 'integer' | 'text' | 'blob' | 'real' | 'numeric' {
  const type = declared.toUpperCase();
  if (type.includes('INT')) return 'integer';
  if (type.includes('CHAR') || type.includes('CLOB') || type.includes('TEXT')) return 'text';
  if (type === '' || type.includes('BLOB')) return 'blob';
  if (type.includes('REAL') || type.includes('FLOA') || type.includes('DOUB')) return 'real';
  return 'numeric';
}

// The affinities that keep each column type's values as they are: text stays text, numbers stay numbers.
const ACCEPTED: Readonly<Record<LoadColumn['type'], readonly string[]>> = {
  text: ['text', 'blob'],
  state: ['text', 'blob'],
  date: ['text', 'blob'],
  uuid: ['text', 'blob'],
  bigint: ['integer', 'numeric', 'real', 'blob'],
  double: ['real', 'numeric', 'blob'],
};

/** How long a writer waits for another's lock (a parallel shard's transaction) before failing. */
const BUSY_TIMEOUT_MS = 600_000;

/**
 * Opens (or creates) a SQLite file with better-sqlite3 and returns a loader
 * inserting the records chunk by chunk, one multi-row INSERT of SQL row
 * tuples (sqliteValues) a chunk, in the open transaction (`BEGIN
 * IMMEDIATE`: concurrent shards take turns). The file's journal_mode is
 * left as it is.
 * @example const loader = await openSqliteLoader(parseLoadTarget('sqlite:test.db'))
 */
export async function openSqliteLoader(target: LoadTarget): Promise<DatabaseLoader> {
  const [module] = (await importDrivers('sqlite')) as [{ default: typeof BetterSqlite3 }];
  let db: BetterSqlite3.Database;
  try {
    db = new module.default(target.path!, { timeout: BUSY_TIMEOUT_MS });
  } catch (error) {
    throw new LoadError('unavailable', `cannot open ${target.shown}: ${(error as Error).message}`, { cause: error });
  }
  return {
    input: 'records',
    begin: async () => void db.exec('BEGIN IMMEDIATE'),
    commit: async () => void db.exec('COMMIT'),
    rollback: async () => {
      if (db.inTransaction) db.exec('ROLLBACK');
    },
    execute: async (sql) => void db.exec(sql),
    async describe(table) {
      const { schema, name } = splitTable(table);
      const pragma = `${schema === undefined ? '' : quoteIdentifier('sqlite', schema) + '.'}table_info(${quoteIdentifier('sqlite', name)})`;
      const rows = db.pragma(pragma) as { name: string; type: string }[];
      return rows.length === 0 ? undefined : rows.map((row): TableColumn => ({ name: row.name, type: row.type.toLowerCase() }));
    },
    // BEGIN IMMEDIATE holds the file's write lock already.
    lockTable: async () => undefined,
    compatible: (column, declared) => ACCEPTED[column.type].includes(affinity(declared)),
    async bulk(table, columns, chunks) {
      const head = `INSERT INTO ${quoteTable('sqlite', table)} (${columnList('sqlite', columns)}) VALUES `;
      const tuples = sqliteValues(columns);
      const decoder = new TextDecoder();
      for await (const chunk of chunks) {
        // A chunk's rows as one statement of SQL row tuples (sqliteValues), rendered by a worker thread or here:
        // SQLite parses the literals for less than binding the values one by one took (docs/benchmarks.md, "Loading databases").
        const rows = chunk.bytes !== undefined ? decoder.decode(chunk.bytes) : tuples.body(chunk.rows!, 0, chunk.records);
        db.exec(head + rows);
        // A turn of the event loop per chunk: a SIGINT is seen within one chunk.
        await nextTurn();
      }
    },
    close: async () => void db.close(),
    destroy() {
      // Closing with a transaction open rolls it back (SQLite discards an uncommitted transaction).
      if (db.open) db.close();
    },
  };
}
