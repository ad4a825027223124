import { describe, expect, it } from 'vitest';
import { DEFAULT_SLA } from '../../src/sla/sla-config.js';
import { pacedConnection, parseResponses, pipelined } from '../raw-http.js';
import { startTestServer } from '../test-server.js';
import { WIDE_FIELDS } from '../wide-fields.js';

describe('a client that reads its answers slowly (issue 46)', () => {
  it("does not make its requests slow for the SLA: the service's own time counts, not the client's reading", async () => {
    // Two wide batches ask for 16,000 records of quota, past what a connection may pipeline by default (5,000).
    const server = await startTestServer({ config: { maxRecordsPipelined: 100_000 } });
    try {
      const port = Number(new URL(server.url).port);
      const { key } = await server.key();
      // Two wide batches (about 5 MB each) on one connection, read at 1 MB/s: the first takes seconds to be written
      // out past the kernel's buffers, and the second waits, unstarted, until it is (the connection's bound).
      const client = await pacedConnection(
        port,
        pipelined(`/v1/batch?count=1000&seed=slow&fields=${WIDE_FIELDS}`, key, 2),
        1_000_000,
      );
      const started = performance.now();
      await new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (parseResponses(client.data()).filter((r) => r.complete).length === 2) resolve(clearInterval(check));
        }, 50);
      });
      const took = performance.now() - started;
      client.socket.end();
      // Far past the slow threshold (2.5 s): before, answers were timed to their last byte handed over, and counted slow.
      expect(took, 'how long the client took to read both answers, ms').toBeGreaterThan(2 * DEFAULT_SLA.slowMs);
      await server.app.ussynth.sli.flush();
      const sla = (await (await server.get('/v1/sla', key)).json()) as {
        month: { goodRequests: number; badRequests: number };
      };
      // Each batch took the service under a second to make (a wide one; the second after its wait, which is the
      // client's); the client's reading is not the service's time.
      expect(sla.month.badRequests).toBe(0);
      expect(sla.month.goodRequests).toBe(2);
    } finally {
      await server.destroy();
    }
  });
});
