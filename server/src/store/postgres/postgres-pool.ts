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
 * @example const pool = postgresPool('postgres://ussynth@db.internal/ussynth', 10);
 */
export function postgresPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
    query_timeout: POSTGRES_QUERY_TIMEOUT_MS,
    statement_timeout: POSTGRES_QUERY_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    types,
  });
  // An idle connection that dies (PostgreSQL restarted) is dropped from the pool; queries report their own errors.
  pool.on('error', () => {});
  return pool;
}
