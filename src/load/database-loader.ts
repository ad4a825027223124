import type { TextRecord } from '../records/formats/record-format.js';
import type { LoadColumn } from '../records/columns/load-columns.js';

/**
 * One chunk of rows for a loader: COPY text lines for PostgreSQL and MySQL,
 * record objects or SQL row tuples (rendered on worker threads) for SQLite.
 * @example const chunk: LoadChunk = { records: 2000, bytes }
 */
export interface LoadChunk {
  /** Rows in the chunk. */
  records: number;
  /** COPY text lines (for `input: 'copy'` loaders), or SQL row tuples (sqliteValues: SQLite's, from worker threads). */
  bytes?: Uint8Array;
  /** Nothing reuses the buffer of `bytes`: the loader may send it as it is, without a copy. */
  owned?: boolean;
  /** The records (for `input: 'records'` loaders). */
  rows?: readonly TextRecord[];
}

/**
 * A column of an existing table as the database describes it.
 * @example const column: TableColumn = { name: 'zip', type: 'text' }
 */
export interface TableColumn {
  name: string;
  /** The declared type, lower-case, as the database names it. */
  type: string;
}

/**
 * One open connection to a database that loads rows in transactions; one
 * implementation per database (postgres-loader, mysql-loader, sqlite-loader).
 * @example const loader = await openPostgresLoader(target); await loader.begin(); ...
 */
export interface DatabaseLoader {
  /** What the rows must come as: COPY text, or (SQLite, on the loading thread) records or SQL row tuples. */
  readonly input: 'copy' | 'records';
  begin(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  /** Runs one statement without results (DDL, TRUNCATE). */
  execute(sql: string): Promise<void>;
  /** Runs one query with bound parameters (`$1` in PostgreSQL, `?` in MySQL and SQLite) and gives its rows. */
  query(sql: string, params?: readonly unknown[]): Promise<Record<string, unknown>[]>;
  /** The columns of `table`, or undefined when it does not exist. */
  describe(table: string): Promise<TableColumn[] | undefined>;
  /**
   * Takes a lock named after `table` until the transaction ends, so concurrent loads create the table once:
   * waiting for it (`wait`), or only if it is free at once; resolves whether it was taken.
   */
  lockTable(table: string, wait: boolean): Promise<boolean>;
  /** Whether an existing column's declared type can hold a column of the load. */
  compatible(column: LoadColumn, declared: string): boolean;
  /**
   * Streams the chunks into `table` (in the open transaction) and resolves once the database has them all.
   * `binary` (PostgreSQL only): the chunks are binary COPY tuples, and the loader sends the format's header and trailer.
   */
  bulk(
    table: string,
    columns: readonly LoadColumn[],
    chunks: AsyncIterable<LoadChunk>,
    binary?: boolean,
  ): Promise<void>;
  /** Closes the connection (after commit or rollback). */
  close(): Promise<void>;
  /** Drops the connection at once (an interrupt): the server rolls the open transaction back. */
  destroy(): void;
}
