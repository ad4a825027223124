import type BetterSqlite3 from 'better-sqlite3';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DatabaseLoader, TableColumn } from './database-loader.js';
import { importDrivers } from './load-drivers.js';
import { LoadError } from './load-error.js';
import type { LoadColumn } from '../records/columns/load-columns.js';
import type { LoadTarget } from './load-target.js';
import { quoteIdentifier, quoteTable, splitTable } from '../records/columns/sql-dialect.js';
import { columnList } from '../records/columns/table-ddl.js';

// SQLite's type affinity of a declared type (https://sqlite.org/datatype3.html, 3.1).
function affinity(declared: string): 'integer' | 'text' | 'blob' | 'real' | 'numeric' {
  const type = declared.toUpperCase();
  if (type.includes('INT')) return 'integer';
  if (type.includes('CHAR') || type.includes('CLOB') || type.includes('TEXT')) return 'text';
  if (type === '' || type.includes('BLOB')) return 'blob';
  if (type.includes('REAL') || type.includes('FLOA') || type.includes('DOUB')) return 'real';
  return 'numeric';
}

// The affinities that keep each column type's values as they are: text stays text, numbers stay numbers. A date
// (`YYYY-MM-DD`) is not a well-formed number, so NUMERIC affinity, which the `DATE` columns the loader creates get,
// keeps it as text too.
const ACCEPTED: Readonly<Record<LoadColumn['type'], readonly string[]>> = {
  text: ['text', 'blob'],
  state: ['text', 'blob'],
  date: ['text', 'blob', 'numeric'],
  uuid: ['text', 'blob'],
  bigint: ['integer', 'numeric', 'real', 'blob'],
  double: ['real', 'numeric', 'blob'],
};

/** How long a writer waits for another's lock (a parallel shard's transaction) before failing. */
const BUSY_TIMEOUT_MS = 600_000;

/** Bound values per multi-row INSERT of records (one thread): SQLite's smallest limit on parameters (999 before 3.32). */
const MAX_PARAMETERS = 999;

/**
 * Opens (or creates) a SQLite file with better-sqlite3 and returns a loader
 * inserting the records in the open transaction (`BEGIN IMMEDIATE`:
 * concurrent shards take turns): records through prepared multi-row
 * statements, worker threads' chunks of SQL row tuples as one statement
 * each. The file's journal_mode is left as it is.
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
    async query(sql, params = []) {
      const statement = db.prepare(sql);
      if (statement.reader) return statement.all(...params) as Record<string, unknown>[];
      statement.run(...params);
      return [];
    },
    async describe(table) {
      const { schema, name } = splitTable(table);
      const pragma = `${schema === undefined ? '' : quoteIdentifier('sqlite', schema) + '.'}table_info(${quoteIdentifier('sqlite', name)})`;
      const rows = db.pragma(pragma) as { name: string; type: string }[];
      return rows.length === 0
        ? undefined
        : rows.map((row): TableColumn => ({ name: row.name, type: row.type.toLowerCase() }));
    },
    // BEGIN IMMEDIATE holds the file's write lock already.
    lockTable: async () => true,
    compatible: (column, declared) => ACCEPTED[column.type].includes(affinity(declared)),
    async bulk(table, columns, chunks) {
      const head = `INSERT INTO ${quoteTable('sqlite', table)} (${columnList('sqlite', columns)}) VALUES `;
      const tuple = `(${columns.map(() => '?').join(', ')})`;
      // Statements inserting n rows at once, prepared on first use.
      const statements = new Map<number, BetterSqlite3.Statement>();
      const inserting = (n: number): BetterSqlite3.Statement => {
        let statement = statements.get(n);
        if (statement === undefined)
          statements.set(n, (statement = db.prepare(head + new Array(n).fill(tuple).join(', '))));
        return statement;
      };
      const fields = columns.map((column) => column.field);
      // Records (one thread): many rows per statement, one call binding up to 999 values, where a statement per row
      // paid the call's overhead per row (docs/benchmarks.md).
      const width = columns.length;
      const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / width));
      const batch = new Array<unknown>(perStatement * width);
      const decoder = new TextDecoder();
      for await (const chunk of chunks) {
        if (chunk.bytes !== undefined) {
          // A worker's chunk of row tuples (sqliteValues), one statement: SQLite parses the literals for less than
          // splitting COPY text back into values and binding them took (docs/benchmarks.md, "Loading databases").
          db.exec(head + decoder.decode(chunk.bytes));
        } else {
          const rows = chunk.rows!;
          for (let row = 0; row < rows.length; row += perStatement) {
            const n = Math.min(perStatement, rows.length - row);
            const values = n === perStatement ? batch : new Array<unknown>(n * width);
            for (let i = 0; i < n; i++) {
              const record = rows[row + i];
              for (let c = 0; c < width; c++) values[i * width + c] = record[fields[c]];
            }
            inserting(n).run(values);
          }
        }
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
