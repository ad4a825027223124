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

  it('weighs each record of a fields list as the quota counts it: one more for each 8 entries past the first 8', () => {
    const entries = (n: number) => Array.from({ length: n }, (_, i) => `c${i}=zip`).join(',');
    expect(recordsAsked(request(`/v1/batch?count=1000&fields=${entries(8)}`))).toBe(1000);
    expect(recordsAsked(request(`/v1/batch?count=1000&fields=${entries(64)}`))).toBe(8000);
    expect(recordsAsked(request(`/v1/batch?fields=${entries(9)}`))).toBe(20);
    expect(recordsAsked(request(`/v1/address?fields=${entries(17)}`))).toBe(3);
    // Weighed before the list is checked: one past 64 entries (refused with 400) weighs as 64.
    expect(recordsAsked(request(`/v1/batch?count=10&fields=${entries(200)}`))).toBe(80);
  });

  it('weighs the related routes by their count, a household as the 3 records of quota it counts as', () => {
    expect(recordsAsked(request('/v1/companies?count=1000'))).toBe(1000);
    expect(recordsAsked(request('/v1/companies'))).toBe(10);
    expect(recordsAsked(request('/v1/companies/42/employees?count=250&start=0'))).toBe(250);
    expect(recordsAsked(request('/v1/households?count=1000&state=TX'))).toBe(3000);
    expect(recordsAsked(request('/v1/households'))).toBe(30);
    expect(recordsAsked(request('/v1/households?count=0'))).toBe(3);
    // Not the paged routes: a company's other paths, a longer name.
    expect(recordsAsked(request('/v1/companies/42?count=1000'))).toBe(1);
    expect(recordsAsked(request('/v1/householdsx?count=1000'))).toBe(1);
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
