import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { recordsAsked } from '../../src/access/records-asked.js';

/** The two fields recordsAsked reads, as Fastify parses them from the request line. */
function request(url: string): FastifyRequest {
  const query = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
  return { url, query } as unknown as FastifyRequest;
}

describe('recordsAsked', () => {
  it('weighs a paged route by its count, 10 when absent, capped at 1000', () => {
    expect(recordsAsked(request('/v1/batch?count=1000'))).toBe(1000);
    expect(recordsAsked(request('/v1/eins?count=7&seed=x'))).toBe(7);
    expect(recordsAsked(request('/v1/phones'))).toBe(10);
    expect(recordsAsked(request('/v1/batch?count=5000'))).toBe(1000);
  });

  it('counts a malformed count as 1 (the route refuses it with 400) and every other request as 1', () => {
    expect(recordsAsked(request('/v1/batch?count=abc'))).toBe(1);
    expect(recordsAsked(request('/v1/batch?count=0'))).toBe(1);
    expect(recordsAsked(request('/v1/batch?count=2.5'))).toBe(1);
    expect(recordsAsked(request('/v1/ein'))).toBe(1);
    expect(recordsAsked(request('/v1/batches?count=1000'))).toBe(1);
    expect(recordsAsked(request('/account/v1/keys'))).toBe(1);
  });
});
