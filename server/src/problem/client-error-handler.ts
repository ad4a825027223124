import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { problemSpec, type HttpErrorCode } from './http-error-codes.js';
import { PROBLEM_TYPE_PREFIX } from './send-problem.js';

/**
 * Answers errors Node raises before Fastify sees a request (oversize head,
 * header timeout, unparsable request line) with a problem+json body too.
 * @example Fastify({ clientErrorHandler })
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: HttpErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW' ? 'headers_too_large' : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'request_timeout' : 'bad_request';
  const detail =
    code === 'headers_too_large' ? 'the request line and headers exceed 16 KiB' : code === 'request_timeout' ? 'the request was not received in time' : 'the request could not be parsed as HTTP/1.1';
  const spec = problemSpec(code);
  const id = randomUUID();
  const body = JSON.stringify({ type: PROBLEM_TYPE_PREFIX + code, title: spec.title, status: spec.status, detail, instance: '', code, request_id: id });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${spec.status} ${spec.title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nX-Request-Id: ${id}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
