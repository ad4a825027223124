import { connect, type Socket } from 'node:net';

/** One HTTP/1.1 response read off a connection. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Whether the whole body (Content-Length bytes) arrived. */
  complete: boolean;
}

/**
 * `count` GET requests for `path` with the key, written back to back (HTTP/1.1 pipelining).
 * @example socket.write(pipelined('/v1/batch?count=1000', key, 40))
 */
export function pipelined(path: string, key: string, count: number): string {
  return `GET ${path} HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${key}\r\n\r\n`.repeat(count);
}

/**
 * The responses in what a connection received, in order; the last one may be
 * cut short (its `complete` is false). Every response of this server has a
 * Content-Length.
 * @example parseResponses(Buffer.concat(chunks)).filter((r) => r.status === 200 && r.complete).length
 */
export function parseResponses(data: Buffer): RawResponse[] {
  const responses: RawResponse[] = [];
  let at = 0;
  while (at < data.length) {
    const end = data.indexOf('\r\n\r\n', at);
    if (end < 0) break;
    const [statusLine, ...lines] = data.subarray(at, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const body = data.subarray(end + 4, Math.min(data.length, end + 4 + length));
    responses.push({ status: Number(statusLine.split(' ')[1]), headers, body, complete: body.length === length });
    at = end + 4 + length;
  }
  return responses;
}

/** A raw connection that reads at a set pace (or not at all) and keeps everything it received. */
export interface PacedConnection {
  socket: Socket;
  /** Bytes received so far. */
  received(): number;
  /** Everything received so far. */
  data(): Buffer;
  /** Starts reading at most `bytesPerSecond` (0: stops reading). */
  pace(bytesPerSecond: number): void;
  /** Resolves once the server has closed the connection (everything it sent has been read). */
  ended: Promise<void>;
}

/**
 * Opens a connection, writes `payload` and reads the answers at most
 * `bytesPerSecond` (0: not at all), in windows of 50 ms: a slow reader, or
 * one that never reads, as a client with a slow link or a stuck one would be.
 * @example const conn = await pacedConnection(port, pipelined('/v1/batch?count=1000', key, 40), 3_000_000)
 */
export function pacedConnection(port: number, payload: string, bytesPerSecond: number): Promise<PacedConnection> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let budget = 0;
    let rate = bytesPerSecond;
    const socket = connect(port, '127.0.0.1');
    socket.pause();
    const window = setInterval(() => {
      budget = rate / 20;
      if (rate > 0 && socket.isPaused()) socket.resume();
    }, 50);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      budget -= chunk.length;
      if (budget <= 0) socket.pause();
    });
    const ended = new Promise<void>((done) =>
      socket.on('close', () => {
        clearInterval(window);
        done();
      }),
    );
    socket.on('error', () => {}); // a reset ends it like a close; what arrived is kept
    socket.on('connect', () => {
      socket.write(payload);
      resolve({
        socket,
        received: () => received,
        data: () => Buffer.concat(chunks),
        pace(next) {
          rate = next;
          if (rate === 0) socket.pause();
        },
        ended,
      });
    });
    socket.once('error', reject);
  });
}
