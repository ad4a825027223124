import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createClient, UssynthApiError, type UssynthClient } from '../../src/client/index.js';
import { createGenerator } from '../../src/index.js';
import { apiFailure } from './api-failure.js';
import { spawnServer, type SpawnedServer } from './spawned-server.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: SpawnedServer;
let client: UssynthClient;

beforeAll(async () => {
  server = await spawnServer();
  client = createClient({
    baseUrl: server.url,
    apiKey: server.createKey('typed', { tier: 'enterprise', rate: 1000, monthlyQuota: 1_000_000 }),
  });
});
afterAll(() => server?.stop());

describe('the typed calls, against a real server', () => {
  it("address, batch, ein and phone return the library's records for the seed", async () => {
    const gen = () => createGenerator({ seed: 'typed-1' });
    expect(await client.address({ seed: 'typed-1', state: 'CA' })).toEqual(gen().addressAt(0, { state: 'CA' }));
    expect(await client.batch({ seed: 'typed-1', count: 25, start: 1000, state: 'tx' })).toEqual({
      count: 25,
      addresses: gen().addresses({ start: 1000, count: 25, state: 'TX' }),
    });
    expect(await client.batch({ seed: 'typed-1' })).toEqual(gen().batch({ count: 10 }));
    expect(await client.ein({ seed: 'typed-1' })).toEqual(gen().einAt(0));
    expect(await client.phone({ seed: 'typed-1', state: 'NY', fictional: true })).toEqual(
      gen().phoneAt(0, { state: 'NY', fictional: true }),
    );
    expect(await client.phone({ seed: 42 })).toEqual(createGenerator({ seed: '42' }).phoneAt(0));
  });

  it('fields: address, batch, addresses and addressPages return the columns asked, typed by them, as the library', async () => {
    const gen = () => createGenerator({ seed: 'typed-fields' });
    const list = ['id=uuid', 'first_name=firstName', 'n=index', 'birthDate'] as const;
    const one = await client.address({ seed: 'typed-fields', state: 'WA', fields: list });
    expectTypeOf(one).toEqualTypeOf<{ id: string; first_name: string; n: number; birthDate: string }>();
    expect(one).toEqual(gen().address({ state: 'WA', fields: list }));
    expect(Object.keys(one)).toEqual(['id', 'first_name', 'n', 'birthDate']);
    const batch = await client.batch({ seed: 'typed-fields', count: 5, start: 10, fields: 'zip,state' });
    expectTypeOf(batch.addresses).toEqualTypeOf<{ zip: string; state: string }[]>();
    expect(batch).toEqual({ count: 5, addresses: gen().addresses({ start: 10, count: 5, fields: 'zip,state' }) });
    const many = await client.addresses({ seed: 'typed-fields', count: 2100, fields: ['email', 'sex'] });
    expectTypeOf(many).toEqualTypeOf<{ email: string; sex: 'F' | 'M' }[]>();
    expect(many).toEqual(gen().addresses({ count: 2100, fields: ['email', 'sex'] }));
    for await (const page of client.addressPages({ seed: 'typed-fields', count: 3, fields: ['uuid'] }))
      expect(page.addresses).toEqual(gen().addresses({ count: 3, fields: ['uuid'] }));
    const bad = await apiFailure(client.address({ seed: 'typed-fields', fields: 'zip,nope' }));
    expect(bad).toMatchObject({ code: 'invalid_fields', status: 400 });
    expect(bad.message).toContain('unknown field "nope"');
  });

  it('zip returns the lookup, and null for a well-formed ZIP that does not exist (as the library)', async () => {
    const lookup = createGenerator({ seed: 1 });
    expect(await client.zip('10001')).toEqual(lookup.zip('10001'));
    expect(await client.zip('00000')).toBeNull();
    const malformed = await apiFailure(client.zip('1000'));
    expect(malformed).toMatchObject({ code: 'invalid_zip', status: 400 });
  });

  it('geo: address, batch, addresses and zip add the five fields, as the library', async () => {
    const gen = () => createGenerator({ seed: 'typed-geo' });
    const one = await client.address({ seed: 'typed-geo', state: 'IL', geo: true });
    expect(one).toEqual(gen().addressAt(0, { state: 'IL', geo: true }));
    expect(one.countyFips).toMatch(/^17\d{3}$/);
    expect(await client.batch({ seed: 'typed-geo', count: 5, start: 7, geo: true })).toEqual({
      count: 5,
      addresses: gen().addresses({ start: 7, count: 5, geo: true }),
    });
    expect(await client.addresses({ seed: 'typed-geo', count: 1500, geo: true })).toEqual(
      gen().addresses({ count: 1500, geo: true }),
    );
    expect(await client.zip('10001', { geo: true })).toEqual(gen().zip('10001', { geo: true }));
    expect(await client.address({ seed: 'typed-geo', geo: false })).toEqual(gen().addressAt(0));
  });

  it("sla returns the account's measured availability, objective and credit (GET /v1/sla)", async () => {
    await client.ein({ seed: 'sla' });
    const sla = await client.sla();
    expect(sla.objectivePercent).toBe(99.9);
    expect(sla.credits.map((step) => step.creditPercent)).toEqual([10, 25, 50]);
    expect(sla.month).toMatchObject({
      period: new Date().toISOString().slice(0, 7),
      badRequests: 0,
      availabilityPercent: 100,
      creditPercent: 0,
    });
    expect(sla.previousMonth.availabilityPercent).toBe(100);
  });

  it('works with a bearer token next to the key', async () => {
    const enterprise = createClient({
      baseUrl: server.url,
      apiKey: server.createKey('sso', { tier: 'pro' }),
      bearerToken: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln',
    });
    expect(await enterprise.ein({ seed: 'sso' })).toEqual(createGenerator({ seed: 'sso' }).einAt(0));
  });
});

describe("failures are UssynthApiError with the problem's code, status and request_id", () => {
  it('a bad parameter: code, status, param and request id', async () => {
    const error = await apiFailure(client.address({ state: 'ZZ' }));
    expect(error).toMatchObject({ code: 'invalid_state', status: 400, param: 'state', name: 'UssynthApiError' });
    expect(error.requestId).toMatch(UUID);
    expect(error.problem).toMatchObject({
      code: 'invalid_state',
      status: 400,
      request_id: error.requestId,
      type: 'urn:ussynth:problem:invalid_state',
    });
    expect(error.message).toContain(`(invalid_state, HTTP 400, request ${error.requestId})`);
  });

  it('a seed the library would refuse is refused before anything is sent', async () => {
    expect(await apiFailure(client.ein({ seed: Number.NaN }))).toMatchObject({
      code: 'invalid_option',
      param: 'seed',
      status: 0,
    });
    expect(await apiFailure(client.address({ seed: '' }))).toMatchObject({
      code: 'invalid_option',
      param: 'seed',
      status: 0,
    });
  });

  it('a key the server does not know', async () => {
    const error = await apiFailure(createClient({ baseUrl: server.url, apiKey: 'uss_live_notakey' }).ein());
    expect(error).toMatchObject({ code: 'malformed_api_key', status: 401 });
    expect(error.requestId).toMatch(UUID);
  });

  it('no server listening: network_error with status 0', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const error = await apiFailure(createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'uss_live_x' }).ein());
    expect(error).toMatchObject({ code: 'network_error', status: 0, requestId: undefined });
    expect(error.message).toMatch(/ECONNREFUSED/);
  });
});

describe('rate limits and quotas', () => {
  it("35 concurrent calls on a Standard key (10/s) all succeed through the client's waiting, none duplicated", async () => {
    const standard = createClient({
      baseUrl: server.url,
      apiKey: server.createKey('standard-35', { tier: 'standard' }),
    });
    const seeds = Array.from({ length: 35 }, (_, i) => `concurrent-${i}`);
    const started = performance.now();
    const results = await Promise.all(seeds.map((seed) => standard.ein({ seed })));
    // The burst holds 10: the other 25 were refused at first and waited (at least one Retry-After, 1 s).
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
    expect(results).toEqual(seeds.map((seed) => createGenerator({ seed }).einAt(0)));
    // Each call was served exactly once: 35 records debited, no request answered twice.
    expect(await server.usedBy('standard-35')).toBe(35);
  });

  it('an exhausted quota surfaces at once as quota_exceeded, never retried', async () => {
    const small = createClient({
      baseUrl: server.url,
      apiKey: server.createKey('small-quota', { tier: 'enterprise', rate: 100, monthlyQuota: 1500 }),
    });
    expect(await small.addresses({ seed: 'quota', count: 1000 })).toHaveLength(1000);
    const started = performance.now();
    const error = await apiFailure(small.addresses({ seed: 'quota', start: 1000, count: 1000 }));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error).toMatchObject({ code: 'quota_exceeded', status: 429 });
    expect(error.requestId).toMatch(UUID);
    expect(error.problem?.remaining).toBe(500);
    // Retry-After is the month's end: far beyond anything the client would wait.
    expect(error.retryAfter).toBeGreaterThan(60);
    expect(await server.usedBy('small-quota')).toBe(1000);
  });

  it('retries are bounded: with maxRetries 0 a refused request fails at once with rate_limited', async () => {
    const strict = createClient({
      baseUrl: server.url,
      apiKey: server.createKey('one-per-second', { tier: 'enterprise', rate: 1, monthlyQuota: 1000 }),
      maxRetries: 0,
    });
    const started = performance.now();
    const outcomes = await Promise.allSettled([strict.ein({ seed: 'a' }), strict.ein({ seed: 'b' })]);
    // What the bound protects: a retry would first wait the Retry-After (1 s) plus a jitter of 0 or more, so any
    // time under 1000 ms means none was made; the two requests get the whole second on a loaded machine (it was
    // 900 ms, tighter than it needs to be).
    expect(performance.now() - started).toBeLessThan(1000);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(UssynthApiError);
    expect(refused.reason).toMatchObject({ code: 'rate_limited', status: 429, retryAfter: 1 });
  });
});

describe('cancelling', () => {
  it("an AbortSignal cancels a call waiting out a 429 at once, with the signal's reason", async () => {
    const slow = createClient({
      baseUrl: server.url,
      apiKey: server.createKey('abort-wait', { tier: 'enterprise', rate: 1, monthlyQuota: 1000 }),
    });
    await slow.ein({ seed: 'first' });
    const controller = new AbortController();
    const started = performance.now();
    const waiting = slow.ein({ seed: 'second', signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    // Refused at once (the bucket is empty), then waiting at least 1 s (the Retry-After, plus a jitter of 0 or more):
    // under 1000 ms in all, the abort cut the wait short.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('an aborted signal sends nothing', async () => {
    await expect(client.ein({ signal: AbortSignal.abort(new Error('not now')) })).rejects.toThrow('not now');
  });
});
