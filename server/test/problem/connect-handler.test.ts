import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseResponses } from '../raw-http.js';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.destroy());

describe('CONNECT', () => {
  it('is answered 405 method_not_allowed problem+json with Allow, then the connection closes', async () => {
    const received = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () =>
        socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'),
      );
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('close', () => resolve(Buffer.concat(chunks)));
      socket.on('error', reject);
    });
    const [response] = parseResponses(received);
    expect(response?.status).toBe(405);
    expect(response.headers['content-type']).toBe('application/problem+json');
    expect(response.headers.allow).toBe('GET, HEAD');
    const body = JSON.parse(response.body.toString()) as { code: string; request_id: string };
    expect(body.code).toBe('method_not_allowed');
    expect(body.request_id).toBe(response.headers['x-request-id']);
  });
});
