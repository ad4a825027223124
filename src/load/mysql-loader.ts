import { once } from 'node:events';
import { Readable } from 'node:stream';
import type * as Mysql from 'mysql2';
import { countText } from '../count-text.js';
import type { DatabaseLoader, LoadChunk, TableColumn } from './database-loader.js';
import { importDrivers } from './load-drivers.js';
import { LoadError } from './load-error.js';
import type { LoadColumn } from '../records/columns/load-columns.js';
import type { LoadTarget } from './load-target.js';
import { quoteTable, splitTable } from '../records/columns/sql-dialect.js';
import { columnList } from '../records/columns/table-ddl.js';

// information_schema's DATA_TYPE of existing columns each column type of a load accepts (MariaDB 10.7+ has uuid).
const TEXTS = ['varchar', 'char', 'text', 'tinytext', 'mediumtext', 'longtext'];
const ACCEPTED: Readonly<Record<LoadColumn['type'], readonly string[]>> = {
  text: TEXTS,
  state: TEXTS,
  date: ['date', ...TEXTS],
  uuid: ['uuid', ...TEXTS],
  bigint: ['bigint', 'decimal'],
  double: ['double', 'decimal'],
};

/** How long a load waits for another's lock on the table (GET_LOCK takes seconds). */
const LOCK_WAIT_SECONDS = 600;

/** Bytes queued on the socket before the row stream waits for it to drain. */
const HIGH_WATER = 4 * 1024 * 1024;

/**
 * Connects to MySQL or MariaDB with mysql2 (a LoadError `unavailable` if it
 * cannot, within the connect timeout) and returns a loader streaming the
 * COPY text lines through `LOAD DATA LOCAL INFILE` (tab-separated,
 * backslash escapes: MySQL's defaults), checking every row arrived without a warning.
 * @example const loader = await openMysqlLoader(parseLoadTarget('mysql://root@127.0.0.1:3306/test'))
 */
export async function openMysqlLoader(target: LoadTarget): Promise<DatabaseLoader> {
  const [module] = (await importDrivers('mysql')) as [typeof Mysql & { default?: typeof Mysql }];
  const mysql = module.default ?? module;
  const url = new URL(target.url!);
  let rows: Readable | undefined;
  const connection = mysql.createConnection({
    host: url.hostname,
    port: url.port === '' ? 3306 : Number(url.port),
    user: decodeURIComponent(url.username),
    // As the mysql and mariadb clients do, MYSQL_PWD gives the password a URL leaves out.
    password: url.password === '' ? (process.env.MYSQL_PWD ?? '') : decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.slice(1)),
    connectTimeout: target.connectTimeoutMs,
    charset: 'utf8mb4',
    infileStreamFactory: () => rows!,
  });
  let lost: Error | undefined;
  connection.on('error', (error: Error) => {
    lost = error;
  });
  const db = connection.promise();
  try {
    await db.connect();
  } catch (error) {
    connection.destroy();
    const err = error as { code?: string; message?: string };
    const reason =
      err.code === 'ECONNREFUSED'
        ? 'connection refused'
        : err.code === 'ETIMEDOUT'
          ? `no answer within ${target.connectTimeoutMs / 1000} s (connect_timeout)`
          : (err.message ?? String(error));
    throw new LoadError('unavailable', `cannot connect to ${target.shown}: ${reason}`, { cause: error });
  }
  let lockName: string | undefined;
  let destroyed = false;
  // mysql2 settles no pending query, and emits no 'drain', once the connection is destroyed: every wait races this,
  // or an abort mid-load would leave nothing pending and Node would exit 0 with the run half done.
  let closeWaits: (error: Error) => void = () => undefined;
  const closed = new Promise<never>((_, reject) => {
    closeWaits = reject;
  });
  closed.catch(() => undefined);
  const query = async (sql: string, values?: unknown[]): Promise<unknown> => {
    if (destroyed) throw new Error('the connection was closed');
    if (lost) throw lost;
    const [result] = await Promise.race([db.query(sql, values), closed]);
    return result;
  };
  const releaseLock = async (): Promise<void> => {
    if (lockName === undefined) return;
    const name = lockName;
    lockName = undefined;
    await query('SELECT RELEASE_LOCK(?)', [name]);
  };
  return {
    input: 'copy',
    begin: async () => void (await query('START TRANSACTION')),
    async commit() {
      await query('COMMIT');
      await releaseLock();
    },
    async rollback() {
      await query('ROLLBACK');
      await releaseLock();
    },
    execute: async (sql) => void (await query(sql)),
    query: async (sql, params) =>
      (await query(sql, params === undefined ? undefined : [...params])) as Record<string, unknown>[],
    async describe(table) {
      const { schema, name } = splitTable(table);
      const found = (await query(
        'SELECT COLUMN_NAME AS name, DATA_TYPE AS type FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = COALESCE(?, DATABASE()) AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION',
        [schema ?? null, name],
      )) as { name: string; type: string }[];
      return found.length === 0
        ? undefined
        : found.map((row): TableColumn => ({ name: row.name, type: row.type.toLowerCase() }));
    },
    async lockTable(table, wait) {
      const name = `ussynth-load:${table}`;
      const [row] = (await query('SELECT GET_LOCK(?, ?) AS got', [name, wait ? LOCK_WAIT_SECONDS : 0])) as {
        got: number | null;
      }[];
      if (row.got !== 1) {
        if (wait) throw new Error(`another load held the lock of table ${table} for ${LOCK_WAIT_SECONDS} s`);
        return false;
      }
      lockName = name;
      return true;
    },
    compatible: (column, declared) => ACCEPTED[column.type].includes(declared),
    async bulk(table, columns, chunks: AsyncIterable<LoadChunk>) {
      const socket = (connection as unknown as { stream: NodeJS.WritableStream & { writableLength: number } }).stream;
      let expected = 0;
      async function* bytes(): AsyncGenerator<Buffer> {
        for await (const chunk of chunks) {
          expected += chunk.records;
          // mysql2 writes each piece to the socket at once: waiting for the socket to drain bounds the memory.
          if (socket.writableLength > HIGH_WATER) await Promise.race([once(socket, 'drain'), closed]);
          yield Buffer.from(chunk.bytes!);
        }
      }
      rows = Readable.from(bytes(), { objectMode: false });
      const sql = `LOAD DATA LOCAL INFILE 'ussynth-rows' INTO TABLE ${quoteTable('mysql', table)} CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' (${columnList('mysql', columns)})`;
      const result = (await query(sql)) as { affectedRows: number; warningStatus: number };
      rows = undefined;
      if (result.warningStatus > 0 || result.affectedRows !== expected) {
        const warnings = (await query('SHOW WARNINGS LIMIT 1')) as { Message: string }[];
        throw new Error(
          `the server took ${result.affectedRows} of ${countText(expected, 'row')}${warnings.length > 0 ? `: ${warnings[0].Message}` : ''}`,
        );
      }
    },
    close: () => db.end(),
    destroy() {
      destroyed = true;
      closeWaits(new Error('the connection was closed'));
      connection.destroy();
    },
  };
}
