import { hostname } from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accessFields, pinoLineWriter } from '../src/access-log.js';

// The parts of a request and reply that the access line reads.
function exchange(input: { id: string; url: string; status: number; elapsed: number; seed?: string; key?: { id: string; records: number } }) {
  const request = { id: input.id, method: 'GET', url: input.url, access: input.key ? { key: { id: input.key.id }, records: input.key.records } : null } as unknown as FastifyRequest;
  const reply = { statusCode: input.status, elapsedTime: input.elapsed, getHeader: (name: string) => (name === 'x-ussynth-seed' ? input.seed : undefined) } as unknown as FastifyReply;
  return { request, reply };
}

describe('pinoLineWriter', () => {
  it('writes exactly the line pino writes for accessFields: same keys, order and escaping, undefined fields left out', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            id: fc.uuid(),
            url: fc.oneof(fc.string({ unit: 'binary', maxLength: 400 }).map((tail) => `/v1/zip/${tail}`), fc.constantFrom('/v1/ein?seed=a"b\\c', '/v1/ein?api_key=uss_live_x', '/v1/batch?count=10&state=CA')),
            status: fc.constantFrom(200, 400, 401, 404, 429, 500),
            elapsed: fc.double({ min: 0, max: 10_000, noNaN: true }),
            seed: fc.string({ minLength: 1, maxLength: 128, unit: 'binary' }),
            key: fc.record({ id: fc.stringMatching(/^[0-9A-Za-z]{8}$/), records: fc.nat(1000) }),
          },
          { requiredKeys: ['id', 'url', 'status', 'elapsed'] },
        ),
        (input) => {
          const { request, reply } = exchange(input);
          let line = '';
          pinoLineWriter((written) => (line = written))(request, reply);
          expect(line.endsWith('}\n')).toBe(true);
          const time = (JSON.parse(line) as { time: number }).time;
          const expected = JSON.stringify({ level: 30, time, pid: process.pid, hostname: hostname(), ...accessFields(request, reply), msg: 'request' }) + '\n';
          expect(line).toBe(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('never writes a key that was sent in the URL', () => {
    const { request, reply } = exchange({ id: 'r', url: '/v1/ein?token=uss_live_abcdefgh&x=uss_test_zzz', status: 401, elapsed: 1 });
    let line = '';
    pinoLineWriter((written) => (line = written))(request, reply);
    expect(line).not.toContain('uss_live_');
    expect(line).not.toContain('uss_test_');
    expect(JSON.parse(line).url).toBe('/v1/ein?token=[redacted]&x=[redacted]');
  });
});
