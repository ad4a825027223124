import { once } from 'node:events';
import type * as Pg from 'pg';
import type { CopyStreamQuery } from 'pg-copy-streams';
import type { DatabaseLoader, LoadChunk, TableColumn } from './database-loader.js';
import { importDrivers } from './load-drivers.js';
import { pgPassword, type PgPasswordKey } from './pg-password.js';
import { LoadError } from './load-error.js';
import type { LoadColumn } from '../records/columns/load-columns.js';
import type { LoadTarget } from './load-target.js';
import { quoteTable, splitTable } from '../records/columns/sql-dialect.js';
import { columnList } from '../records/columns/table-ddl.js';

// information_schema's data_type of existing columns each column type of a load accepts.
const ACCEPTED: Readonly<Record<LoadColumn['type'], readonly string[]>> = {
  text: ['text', 'character varying', 'character', 'citext'],
  state: ['character', 'character varying', 'text', 'citext'],
  date: ['date', 'text', 'character varying'],
  uuid: ['uuid', 'text', 'character varying', 'character'],
  bigint: ['bigint', 'numeric'],
  double: ['double precision', 'numeric'],
};

/** The binary COPY format's header (its signature, no flags, no header extension) and trailer (a tuple of -1 fields). */
const PG_BINARY_HEADER = Uint8Array.of(
  0x50,
  0x47,
  0x43,
  0x4f,
  0x50,
  0x59,
  0x0a,
  0xff,
  0x0d,
  0x0a,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
);
const PG_BINARY_TRAILER = Uint8Array.of(0xff, 0xff);

/** SQLSTATE classes of errors at log-in: bad password, no such role/database, no pg_hba line. */
function connectMessage(target: LoadTarget, error: unknown): string {
  const err = error as { code?: string; message?: string };
  const reason =
    err.code === 'ECONNREFUSED'
      ? 'connection refused'
      : /timeout/i.test(err.message ?? '')
        ? `no answer within ${target.connectTimeoutMs / 1000} s (connect_timeout)`
        : (err.message ?? String(error));
  return `cannot connect to ${target.shown}: ${reason}`;
}

/**
 * Connects to PostgreSQL with `pg` (a LoadError `unavailable` if it cannot,
 * within the target's connect timeout) and returns a loader that streams
 * COPY text (or binary COPY tuples) into `COPY table (columns) FROM STDIN` through pg-copy-streams.
 * @example const loader = await openPostgresLoader(parseLoadTarget('postgres://postgres@127.0.0.1/test'))
 */
export async function openPostgresLoader(target: LoadTarget): Promise<DatabaseLoader> {
  const [pgModule, copyModule] = (await importDrivers('postgres')) as [
    { default: typeof Pg },
    { default?: { from: typeof import('pg-copy-streams').from }; from: typeof import('pg-copy-streams').from },
  ];
  const copyFrom = copyModule.from ?? copyModule.default!.from;
  const client = new pgModule.default.Client({
    connectionString: target.url,
    connectionTimeoutMillis: target.connectTimeoutMs,
  });
  // No password from the URL or PGPASSWORD (which pg reads): the password file, asked only if the server wants a
  // password. Set here because pg would read it with a deprecation warning on every load.
  const withPassword = client as unknown as {
    password: string | null | undefined | ((key: PgPasswordKey) => string | undefined);
  };
  if (withPassword.password == null)
    withPassword.password = (key) => pgPassword(process.env, key, (text) => process.emitWarning(text));
  // A connection lost between queries is reported by the next query; without a listener it would crash the process.
  let lost: Error | undefined;
  client.on('error', (error) => {
    lost = error;
  });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new LoadError('unavailable', connectMessage(target, error), { cause: error });
  }
  let destroyed = false;
  let stopCopy = (): void => undefined;
  const query = async (sql: string, values?: unknown[]): Promise<Pg.QueryResult> => {
    if (destroyed) throw new Error('the connection was closed');
    if (lost) throw lost;
    return client.query(sql, values);
  };
  return {
    input: 'copy',
    begin: async () => void (await query('BEGIN')),
    commit: async () => void (await query('COMMIT')),
    rollback: async () => void (await query('ROLLBACK')),
    execute: async (sql) => void (await query(sql)),
    query: async (sql, params) => (await query(sql, params === undefined ? undefined : [...params])).rows,
    async describe(table) {
      const { schema, name } = splitTable(table);
      // The catalogue read with this statement's snapshot, not through to_regclass: that name lookup may keep a
      // "no such table" cached since this transaction looked before waiting for another load's lock.
      const found = await query(
        `SELECT current_user AS role, has_table_privilege(c.oid, 'INSERT') AS allowed FROM pg_catalog.pg_class c
         JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = coalesce($1, current_schema()) AND c.relname = $2`,
        [schema ?? null, name],
      );
      if (found.rows.length === 0) return undefined;
      // information_schema lists only the columns the role has a privilege on: without one, every column would seem missing.
      const access = found.rows[0] as { role: string; allowed: boolean };
      if (!access.allowed) {
        throw new LoadError(
          'permission_denied',
          `permission denied: role ${access.role} may not insert into table ${table} in ${target.shown} (GRANT INSERT ON ${table} TO ${access.role}); nothing was loaded`,
        );
      }
      const result = await query(
        `SELECT column_name AS name, data_type AS type FROM information_schema.columns
         WHERE table_schema = coalesce($1, current_schema()) AND table_name = $2 ORDER BY ordinal_position`,
        [schema ?? null, name],
      );
      return result.rows as TableColumn[];
    },
    async lockTable(table, wait) {
      const name = `ussynth-load:${table}`;
      if (wait) await query('SELECT pg_advisory_xact_lock(hashtext($1))', [name]);
      return (
        wait || (await query('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS got', [name])).rows[0].got === true
      );
    },
    compatible: (column, declared) => ACCEPTED[column.type].includes(declared),
    async bulk(table, columns, chunks: AsyncIterable<LoadChunk>, binary = false) {
      if (lost) throw lost;
      const stream: CopyStreamQuery = client.query(
        copyFrom(
          `COPY ${quoteTable('postgres', table)} (${columnList('postgres', columns)}) FROM STDIN${binary ? ' (FORMAT binary)' : ''}`,
        ),
      );
      let failure: Error | undefined;
      const failed = new Promise<never>((_, reject) => {
        stream.once('error', (error) => reject((failure = error)));
        // Destroyed (an interrupt): a wait for the socket to drain would never end.
        stopCopy = () => reject((failure = new Error('the connection was closed')));
      });
      failed.catch(() => undefined);
      const finished = once(stream, 'finish');
      finished.catch(() => undefined);
      try {
        if (binary) stream.write(Buffer.from(PG_BINARY_HEADER));
        for await (const chunk of chunks) {
          if (failure) break;
          // A copy unless the chunk owns its buffer: one reused for a later chunk while the socket may still hold this one.
          const bytes = chunk.bytes!;
          const buffer = chunk.owned
            ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
            : Buffer.from(bytes);
          if (!stream.write(buffer)) await Promise.race([once(stream, 'drain'), failed]);
        }
      } catch (error) {
        // The rows stopped coming (generation failed, or an abort): CopyFail ends the COPY so the connection can roll back.
        if (!failure) {
          stream.destroy(error as Error);
          await once(stream, 'close').catch(() => undefined);
        }
        throw error;
      }
      if (failure) throw failure;
      stream.end(binary ? Buffer.from(PG_BINARY_TRAILER) : undefined);
      await Promise.race([finished, failed]);
    },
    close: () => client.end(),
    destroy() {
      destroyed = true;
      stopCopy();
      // The socket closed under the server: it rolls back the open transaction.
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    },
  };
}
