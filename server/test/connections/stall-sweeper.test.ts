import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { watch, type Guarded } from '../../src/connections/connection-state.js';
import { StallSweeper } from '../../src/connections/stall-sweeper.js';
import { ServiceMetrics } from '../../src/observability/metrics.js';
import { pacedConnection, type PacedConnection } from '../raw-http.js';

// One write far larger than loopback's socket buffers: the client's reading pace decides how fast it leaves.
const WRITE_BYTES = 64 * 1024 * 1024;
const SLOW_READ = 2_000_000;

let server: Server | undefined;
let client: PacedConnection | undefined;

afterEach(async () => {
  client?.socket.destroy();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = client = undefined;
});

/** A server that writes one large chunk to its first connection, and a client reading it at `bytesPerSecond`. */
async function oneLargeWrite(bytesPerSecond: number): Promise<Guarded> {
  const accepted = new Promise<Socket>((resolve) => {
    server = createServer((socket) => {
      socket.on('error', () => {});
      socket.write(Buffer.alloc(WRITE_BYTES, 97));
      resolve(socket);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server!.address() as { port: number }).port;
  client = await pacedConnection(port, '', bytesPerSecond);
  return accepted;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the stall sweeper', () => {
  // Why it reads libuv's private writeQueueSize: Node's public figures do not move while one large write leaves.
  it("sees a slow reader of one large write progress only in libuv's queue (Node has no public figure for it)", async () => {
    const socket = await oneLargeWrite(SLOW_READ);
    const handle = () => (socket as unknown as { _handle: { writeQueueSize: number } })._handle.writeQueueSize;
    await sleep(500);
    const before = { writableLength: socket.writableLength, bytesWritten: socket.bytesWritten, queued: handle() };
    await sleep(2000);
    expect(client!.received()).toBeGreaterThan(0);
    expect(socket.writableLength).toBe(before.writableLength);
    expect(socket.bytesWritten).toBe(before.bytesWritten);
    expect(handle()).toBeLessThan(before.queued);
  });

  it('keeps a connection whose client reads one large write slowly, and closes it once the client stops reading', async () => {
    const socket = await oneLargeWrite(SLOW_READ);
    watch(socket);
    const metrics = new ServiceMetrics();
    const sweeper = new StallSweeper(new Set([socket]), 3000, metrics);
    try {
      // Longer than the stall timeout: with the public figures only, this reader would have been closed.
      await sleep(5000);
      expect(socket.destroyed).toBe(false);
      client!.pace(0);
      const closed = new Promise((resolve) => socket.once('close', resolve));
      await closed;
      expect(await metrics.value('connections_closed_stalled_total')).toBe(1);
    } finally {
      sweeper.stop();
    }
  }, 30_000);
});
