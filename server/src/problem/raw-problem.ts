import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { problemSpec, type HttpErrorCode } from '../error-codes/http-error-codes.js';
import { PROBLEM_TYPE_PREFIX } from './send-problem.js';

/**
 * Writes a whole problem+json response straight to a socket and closes it
 * after, for requests Fastify never sees (an oversize or unparsable head, a
 * header timeout, CONNECT): the same body, request id and security headers
 * as every other error.
 * @example writeRawProblem(socket, 'method_not_allowed', 'CONNECT is not supported', { Allow: 'GET, HEAD' })
 */
export function writeRawProblem(
  socket: Socket,
  code: HttpErrorCode,
  detail: string,
  headers: Record<string, string> = {},
): void {
  const spec = problemSpec(code);
  const id = randomUUID();
  const body = JSON.stringify({
    type: PROBLEM_TYPE_PREFIX + code,
    title: spec.title,
    status: spec.status,
    detail,
    instance: '',
    code,
    request_id: id,
  });
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${spec.status} ${spec.title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nX-Request-Id: ${id}\r\n${extra}Connection: close\r\n\r\n${body}`,
  );
}
