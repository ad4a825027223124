import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calendarMonth } from '../../src/limits/calendar-month.js';
import { pacedConnection, parseResponses, pipelined } from '../raw-http.js';
import { waitFor } from '../serve-process.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { WIDE_FIELDS } from '../wide-fields.js';

/** The access lines of a server's log file. */
function accessLines(logFile: string): { reqId: string; status: number; records?: number }[] {
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line));
}

/** Records charged to a key this month. */
async function used(server: TestServer, keyId: string): Promise<number> {
  return (await server.store.keys.listKeys(calendarMonth(Date.now()).period)).find((k) => k.id === keyId)!.used;
}

describe('a client that reads part of a response and resets the connection (issue 46)', () => {
  it('is charged the whole response whose writing began, a response never handed over is refunded, and the access lines say what was charged', async () => {
    const logFile = join(process.env.TMPDIR ?? '/tmp', `ussynth-refund-${process.pid}.log`);
    // Room for both batches (8,000 records of quota each: 64 entries count 8 a record) on the connection and the key:
    // the second is made and waits in Node, behind the first, never written.
    const server = await startTestServer({
      logFile,
      config: { maxRecordsPerConnection: 100_000, maxRecordsPerKey: 100_000, maxRecordsPipelined: 100_000 },
    });
    try {
      const port = Number(new URL(server.url).port);
      const { id, key } = await server.key();
      let serverSide: Socket | undefined;
      server.app.server.once('connection', (socket: Socket) => (serverSide = socket));
      // A slow reader (1 MB/s). Node cannot set a socket's receive buffer, and the kernel's buffers on loopback take
      // up to about 4 MB: the client reads a fifth of the first body (about 200 whole records), so that the rest
      // does not fit in them and the server is still writing the first response when the client leaves.
      const client = await pacedConnection(
        port,
        pipelined(`/v1/batch?count=1000&seed=wide&fields=${WIDE_FIELDS}`, key, 2),
        1_000_000,
      );
      let length = 0;
      await waitFor('a fifth of the first body', () => {
        const [first] = parseResponses(client.data());
        length = Number(first?.headers['content-length'] ?? 0);
        return length > 0 && client.received() >= 0.2 * length;
      });
      // What the test is about: the server still holds part of the first response when the client leaves.
      expect(serverSide!.writableLength, 'bytes the server has not yet handed to the kernel').toBeGreaterThan(0);
      client.socket.resetAndDestroy();
      await client.ended;
      const [partial] = parseResponses(client.data());
      expect(partial.status).toBe(200);
      expect(partial.complete).toBe(false);
      // About 200 whole records reached the client: their batch is charged (before: all of it refunded).
      expect((partial.body.toString().match(/"c00_w+":/g) ?? []).length).toBeGreaterThan(150);
      await waitFor(
        'the refund of the second batch',
        async () => (await server.app.ussynth.metrics.value('records_refunded_total')) === 8000,
      );
      expect(await used(server, id)).toBe(8000);
    } finally {
      await server.close();
    }
    // One line per answer that was logged, each with what it was charged: 8,000 for the first, 0 for the refunded one.
    const lines = accessLines(logFile).filter((line) => line.status === 200);
    expect(lines[0]?.records).toBe(8000);
    expect(lines.slice(1).map((line) => line.records)).toEqual(lines.slice(1).map(() => 0));
  });
});
