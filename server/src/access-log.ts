import { hostname } from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jsonString } from './fast-text.js';
import { redactedUrl } from './redacted-url.js';

/** Longest request target written to the log. */
const MAX_LOGGED_URL = 300;

/** Writes the access line of a finished request. */
export type AccessLog = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * The fields of a request's access line: its id, method, redacted target,
 * status, time taken, key id, records debited, seed and the SSO token's
 * `sub`; never the key or the token.
 * @example request.log.info(accessFields(request, reply), 'request')
 */
export function accessFields(request: FastifyRequest, reply: FastifyReply): Record<string, unknown> {
  return {
    reqId: request.id,
    method: request.method,
    url: loggedUrl(request.url),
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 100) / 100,
    key: request.access?.key.id,
    records: request.access?.records,
    seed: reply.getHeader('x-ussynth-seed'),
    sub: request.ssoSubject ?? undefined,
  };
}

/**
 * An access log that writes the line pino would write for
 * `log.info(accessFields(request, reply), 'request')` (same keys, same order,
 * level 30, time, pid, hostname; undefined fields left out) straight to the
 * log destination. At tens of thousands of requests per second pino's
 * general path (bindings, child loggers, serializers) was the largest cost
 * after the socket write; the line is fixed, so it is built directly. Other
 * lines still go through pino.
 * @example const accessLog = pinoLineWriter((line) => stream.write(line)); accessLog(request, reply)
 */
export function pinoLineWriter(write: (line: string) => void): AccessLog {
  const origin = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  return (request, reply) => {
    // The fields of accessFields in its order, without the intermediate object (this runs on every request).
    const access = request.access;
    const seed = reply.getHeader('x-ussynth-seed');
    let line = `{"level":30,"time":${Date.now()}${origin},"reqId":${jsonString(request.id)},"method":${jsonString(request.method)},"url":${jsonString(loggedUrl(request.url))},"status":${reply.statusCode},"ms":${hundredths(Math.round(reply.elapsedTime * 100))}`;
    if (access) line += `,"key":${jsonString(access.key.id)},"records":${access.records}`;
    if (seed !== undefined) line += `,"seed":${typeof seed === 'string' ? jsonString(seed) : JSON.stringify(seed)}`;
    // Outside /v1 the request has no such field (undefined); on /v1 it is null unless a token was verified.
    const sub = request.ssoSubject;
    if (sub != null) line += `,"sub":${jsonString(sub)}`;
    write(line + ',"msg":"request"}\n');
  };
}

/** The JSON text of `units / 100` for a whole number of hundredths, with integer arithmetic only (no float printing). */
function hundredths(units: number): string {
  if (!Number.isSafeInteger(units) || units < 0) return JSON.stringify(units / 100);
  const whole = Math.floor(units / 100);
  const fraction = units % 100;
  if (fraction === 0) return `${whole}`;
  return fraction % 10 === 0 ? `${whole}.${fraction / 10}` : `${whole}.${fraction < 10 ? '0' : ''}${fraction}`;
}

function loggedUrl(url: string): string {
  // Redacted before it is cut, so a key the cut would split is still recognised.
  const safe = redactedUrl(url);
  return safe.length > MAX_LOGGED_URL ? safe.slice(0, MAX_LOGGED_URL) + '…' : safe;
}
