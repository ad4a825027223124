// What the client puts on the wire and how it reads answers that the real API
// never gives (a proxy's HTML page, a store outage, an endless rate limit).
// The API's own behaviour is tested against a real `ussynth serve` in
// client.test.ts and record-pages.test.ts; here a loopback HTTP server
// records the requests and answers as told.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet } from '../../src/client/api-request.js';
import { resolveClientOptions, type ClientOptions } from '../../src/client/client-options.js';
import { apiFailure } from './api-failure.js';

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
let answers: Answer[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push({ url: request.url!, headers: request.headers });
    const answer = answers.length > 1 ? answers.shift()! : answers[0];
    response.writeHead(answer.status, answer.headers).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/root`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function answer(...list: Answer[]): void {
  answers = list;
  requests.length = 0;
}

const problem = (code: string, status: number, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({
    type: `urn:ussynth:problem:${code}`,
    title: code,
    status,
    detail: `${code} detail`,
    code,
    request_id: `req-${code}`,
    ...extra,
  });

const options = (extra: Partial<ClientOptions> = {}) =>
  resolveClientOptions({ baseUrl, apiKey: 'uss_live_key', ...extra });

describe('apiGet on the wire', () => {
  it('GETs the path under the service root with the query, the key in x-api-key and the bearer token', async () => {
    answer({ status: 200, body: '{"ein":"12-3456789"}' });
    const body = await apiGet(
      options({ bearerToken: 'tok.en' }),
      'v1/ein',
      { seed: 'a b&c', state: undefined, fictional: false },
      undefined,
    );
    expect(body).toEqual({ ein: '12-3456789' });
    expect(requests).toHaveLength(1);
    expect(requests[0].url).toBe('/root/v1/ein?seed=a+b%26c&fictional=false');
    expect(requests[0].headers).toMatchObject({
      'x-api-key': 'uss_live_key',
      authorization: 'Bearer tok.en',
      accept: 'application/json, application/problem+json',
    });
  });

  it('sends no Authorization header without a bearer token', async () => {
    answer({ status: 200, body: '{}' });
    await apiGet(options(), 'v1/ein', {}, undefined);
    expect(requests[0].headers.authorization).toBeUndefined();
  });

  it("a proxy's HTML error page is unexpected_response with its status and X-Request-Id", async () => {
    answer({
      status: 502,
      headers: { 'content-type': 'text/html', 'x-request-id': 'edge-1' },
      body: '<html>Bad gateway</html>',
    });
    const error = await apiFailure(apiGet(options(), 'v1/ein', {}, undefined));
    expect(error).toMatchObject({ code: 'unexpected_response', status: 502, requestId: 'edge-1', problem: undefined });
    expect(requests).toHaveLength(1);
  });

  it('a 200 that is not JSON is unexpected_response', async () => {
    answer({ status: 200, body: 'hello' });
    expect(await apiFailure(apiGet(options(), 'v1/ein', {}, undefined))).toMatchObject({
      code: 'unexpected_response',
      status: 200,
    });
  });

  it('service_unavailable and store_unavailable are retried after their Retry-After, like rate_limited', async () => {
    answer(
      {
        status: 503,
        headers: { 'retry-after': '0', 'content-type': 'application/problem+json' },
        body: problem('service_unavailable', 503),
      },
      {
        status: 503,
        headers: { 'retry-after': '0', 'content-type': 'application/problem+json' },
        body: problem('store_unavailable', 503),
      },
      { status: 429, headers: { 'retry-after': '0' }, body: problem('rate_limited', 429) },
      { status: 200, body: '{"ein":"98-7654321"}' },
    );
    expect(await apiGet(options(), 'v1/ein', {}, undefined)).toEqual({ ein: '98-7654321' });
    expect(requests).toHaveLength(4);
  });

  it('gives up after maxRetries retries with the last refusal', async () => {
    answer({ status: 429, headers: { 'retry-after': '0' }, body: problem('rate_limited', 429) });
    const error = await apiFailure(apiGet(options({ maxRetries: 3 }), 'v1/ein', {}, undefined));
    expect(requests).toHaveLength(4);
    expect(error).toMatchObject({ code: 'rate_limited', status: 429, requestId: 'req-rate_limited', retryAfter: 0 });
  });

  it('does not sit out a Retry-After longer than a minute', async () => {
    answer({ status: 429, headers: { 'retry-after': '3600' }, body: problem('rate_limited', 429) });
    const started = performance.now();
    const error = await apiFailure(apiGet(options(), 'v1/ein', {}, undefined));
    expect(performance.now() - started).toBeLessThan(500);
    expect(error).toMatchObject({ code: 'rate_limited', retryAfter: 3600 });
    expect(requests).toHaveLength(1);
  });

  it('never retries other problems, and keeps their fields', async () => {
    answer({ status: 429, headers: { 'retry-after': '0' }, body: problem('quota_exceeded', 429, { remaining: 7 }) });
    const error = await apiFailure(apiGet(options(), 'v1/batch', {}, undefined));
    expect(requests).toHaveLength(1);
    expect(error).toMatchObject({
      code: 'quota_exceeded',
      status: 429,
      requestId: 'req-quota_exceeded',
      problem: { remaining: 7 },
    });
    expect(error.message).toBe('quota_exceeded detail (quota_exceeded, HTTP 429, request req-quota_exceeded)');
  });
});
