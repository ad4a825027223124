import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { psql, startPostgres, type TestPostgres } from '../../../../test/infra/postgres-server.js';
import { postgresPool } from '../../../src/store/postgres/postgres-pool.js';
import { waitFor } from '../../serve-process.js';

let server: TestPostgres;
let url: string;
beforeAll(async () => {
  server = await startPostgres();
  url = server.createDatabase('pool');
});
afterAll(() => server?.destroy());

describe('a pooled PostgreSQL connection that dies while checked out', () => {
  it('fails its own query and is reported, never an unhandled error event, and the pool serves again on a new connection', async () => {
    const lost: Error[] = [];
    const pool = postgresPool(url, 2, (error) => lost.push(error));
    try {
      // Checked out, as Kysely holds a connection for a query or a transaction: the pool's own listener is off.
      const client = await pool.connect();
      const { pid } = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0];
      const inFlight = client.query('SELECT pg_sleep(5)');
      // Its server process ends, as when PostgreSQL crashes or restarts (without the listener: Unhandled 'error' event).
      expect(psql(url, `SELECT pg_terminate_backend(${pid})`)).toBe('t');
      await expect(inFlight).rejects.toThrow(/terminat/i);
      await waitFor('the lost connection to be reported', () => lost.length > 0, 5000);
      expect(lost[0].message).toMatch(/terminat/i);
      client.release();
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0].one).toBe(1);
      expect(pool.totalCount).toBe(1);
    } finally {
      await pool.end();
    }
  });
});
