import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    config: { headersTimeoutMs: 300, requestTimeoutMs: 1000, keepAliveTimeoutMs: 300 },
  });
});
afterAll(() => server.destroy());

/** Opens a raw connection, sends `text`, and resolves with all it receives and the time until the server closes it. */
function exchange(text: string): Promise<{ received: string; closedAfterMs: number }> {
  const port = Number(new URL(server.url).port);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ received, closedAfterMs: performance.now() - started }));
    setTimeout(() => reject(new Error(`still open after 5 s; received ${JSON.stringify(received)}`)), 5000).unref();
  });
}

describe('connection timeouts', () => {
  it('answers a head that never ends with 408 request_timeout and closes the connection', async () => {
    const { received, closedAfterMs } = await exchange('GET /v1/ein HTTP/1.1\r\nHost: localhost\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(received).toContain('"code":"request_timeout"');
    expect(closedAfterMs).toBeGreaterThanOrEqual(300);
  });

  it('closes a connection that never sends anything', async () => {
    const { closedAfterMs } = await exchange('');
    expect(closedAfterMs).toBeGreaterThanOrEqual(300);
  });

  it('closes a keep-alive connection left idle after its response', async () => {
    const { received } = await exchange('GET /v1/nothing HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 404 /);
  });
});
