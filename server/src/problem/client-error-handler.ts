import type { Socket } from 'node:net';
import type { HttpErrorCode } from '../error-codes/http-error-codes.js';
import { writeRawProblem } from './raw-problem.js';

/**
 * Answers errors Node raises before Fastify sees a request (oversize head,
 * header timeout, unparsable request line) with a problem+json body too.
 * @example Fastify({ clientErrorHandler })
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: HttpErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'headers_too_large'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'request_timeout'
        : 'bad_request';
  const detail =
    code === 'headers_too_large'
      ? 'the request line and headers exceed 16 KiB'
      : code === 'request_timeout'
        ? 'the request was not received in time'
        : 'the request could not be parsed as HTTP/1.1';
  if (socket.writable) writeRawProblem(socket, code, detail);
  socket.destroy(error);
}
