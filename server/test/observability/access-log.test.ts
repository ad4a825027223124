import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessFields } from '../../src/observability/access-log.js';

// The parts of a request and reply that the access line reads.
function exchange(input: {
  id: string;
  url: string;
  status: number;
  elapsed: number;
  seed?: string;
  key?: { id: string; records: number };
  sub?: string | null;
}) {
  const request = {
    id: input.id,
    method: 'GET',
    url: input.url,
    access: input.key ? { key: { id: input.key.id }, records: input.key.records } : null,
    ssoSubject: input.sub,
  } as unknown as FastifyRequest;
  const reply = {
    statusCode: input.status,
    elapsedTime: input.elapsed,
    getHeader: (name: string) => (name === 'x-ussynth-seed' ? input.seed : undefined),
  } as unknown as FastifyReply;
  return { request, reply };
}

// The line Fastify's logger (pino) writes for the access fields, as the server logs them.
function loggedLine(input: Parameters<typeof exchange>[0]): string {
  const lines: string[] = [];
  const app = Fastify({ logger: { stream: { write: (line: string) => lines.push(line) } } });
  const { request, reply } = exchange(input);
  app.log.info(accessFields(request, reply), 'request');
  expect(lines).toHaveLength(1);
  return lines[0];
}

describe('accessFields', () => {
  it('logs the request id, method, URL, status, time, key id, records, seed and SSO subject, in that order', () => {
    const line = loggedLine({
      id: 'r-1',
      url: '/v1/ein?seed=a"b',
      status: 200,
      elapsed: 1.23456,
      seed: 'a"b',
      key: { id: 'AbCd1234', records: 1 },
      sub: 'ci-bot',
    });
    const fields = JSON.parse(line) as Record<string, unknown>;
    expect(Object.keys(fields)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'method',
      'url',
      'status',
      'ms',
      'key',
      'records',
      'seed',
      'sub',
      'msg',
    ]);
    expect(fields).toMatchObject({
      level: 30,
      reqId: 'r-1',
      method: 'GET',
      url: '/v1/ein?seed=a"b',
      status: 200,
      ms: 1.23,
      key: 'AbCd1234',
      records: 1,
      seed: 'a"b',
      sub: 'ci-bot',
      msg: 'request',
    });
  });

  it('leaves out what the request does not have (no key, no seed, no SSO token)', () => {
    const fields = JSON.parse(
      loggedLine({ id: 'r-2', url: '/nowhere', status: 404, elapsed: 0.5, sub: null }),
    ) as Record<string, unknown>;
    expect(Object.keys(fields)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'method',
      'url',
      'status',
      'ms',
      'msg',
    ]);
  });

  it('never writes a key that was sent in the URL', () => {
    const line = loggedLine({
      id: 'r',
      url: '/v1/ein?token=uss_live_abcdefgh&x=uss_test_zzz',
      status: 401,
      elapsed: 1,
    });
    expect(line).not.toContain('uss_live_');
    expect(line).not.toContain('uss_test_');
    expect(JSON.parse(line).url).toBe('/v1/ein?token=[redacted]&x=[redacted]');
  });
});
