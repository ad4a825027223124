import pg from 'pg';

/** Longest a PostgreSQL statement may run (server side) and a query may wait (client side). */
export const POSTGRES_QUERY_TIMEOUT_MS = 2000;
/** Longest a new connection may take. */
export const POSTGRES_CONNECT_TIMEOUT_MS = 2000;

// int8 (bigint) columns hold epoch milliseconds and record counts, far below 2^53: read them as numbers, not text.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 && format !== 'binary') return (value: string) => Number.parseInt(value, 10);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/**
 * A pool of PostgreSQL connections for the service: every statement bounded
 * (2 s on the server, the same on the client), connections opened within 2 s
 * or failing, bigints read as numbers. While PostgreSQL is down every query
 * fails within those bounds: no request waits longer.
 *
 * A lost connection never ends the process: pg's client emits 'error' when
 * its socket dies, and an EventEmitter with no listener for it throws. The
 * pool listens only while a connection is idle (and `pool.query` while its
 * own query runs); a connection Kysely has checked out, with a query in
 * flight or between the statements of a transaction, had none, and
 * PostgreSQL stopped mid-load ended instances with `Unhandled 'error' event`.
 * So every connection gets a listener for its whole life, the moment the pool
 * opens it: its queries fail on their own (503 to their requests), the pool
 * drops it when it is released (no longer queryable), and `connectionLost`
 * is told (for the log and the metrics).
 * @example const pool = postgresPool('postgres://ussynth@db.internal/ussynth', 10, (error) => log('warn', 'lost', error));
 */
export function postgresPool(url: string, max = 10, connectionLost: (error: Error) => void = () => {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
    query_timeout: POSTGRES_QUERY_TIMEOUT_MS,
    statement_timeout: POSTGRES_QUERY_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    types,
  });
  pool.on('connect', (client) => client.on('error', connectionLost));
  // The pool re-emits an idle connection's error after dropping it: already told above through the connection.
  pool.on('error', () => {});
  return pool;
}
