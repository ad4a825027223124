import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator, GENERATOR_VERSION } from '../../src/index.js';
import { DEFAULT_BATCH_COUNT } from '../src/schemas/params.js';
import { crc32 } from '../../src/data-index/crc32.js';
import { base62Fixed6 } from '../src/store/base62.js';
import { startTestServer, type TestServer } from './test-server.js';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.key()).key;
});
afterAll(() => server.destroy());

async function problem(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body.code).toBe(code);
  expect(body.status).toBe(status);
  expect(body.type).toBe(`urn:ussynth:problem:${code}`);
  expect(body.request_id).toBe(response.headers.get('x-request-id'));
  expect(JSON.stringify(body)).not.toMatch(/\bat .+\.(?:js|ts):\d+/);
  return body;
}

describe('data endpoints', () => {
  it("GET /v1/address returns the library's record 0 for the seed, with replay headers", async () => {
    const response = await server.get('/v1/address?state=ca&seed=replay-1', key);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(createGenerator({ seed: 'replay-1' }).address({ state: 'CA' }));
    expect(response.headers.get('x-ussynth-seed')).toBe('replay-1');
    expect(response.headers.get('x-ussynth-generator-version')).toBe(GENERATOR_VERSION);
    expect(response.headers.get('x-ussynth-dataset-version')).toBe(createGenerator().datasetVersion);
  });

  it('an unseeded response can be replayed byte for byte from its seed header', async () => {
    for (const path of ['/v1/address', '/v1/batch?count=3', '/v1/ein', '/v1/phone?state=TX']) {
      const first = await server.get(path, key);
      const seed = first.headers.get('x-ussynth-seed')!;
      expect(seed).toMatch(/^[0-9]+$/);
      const again = await server.get(`${path}${path.includes('?') ? '&' : '?'}seed=${seed}`, key);
      expect(await again.text()).toBe(await first.text());
    }
  });

  it('GET /v1/batch defaults to 10 and pages a seeded stream with start', async () => {
    const plain = await server.get('/v1/batch?seed=7', key);
    const body = (await plain.json()) as { count: number; addresses: unknown[] };
    expect(body.count).toBe(DEFAULT_BATCH_COUNT);
    expect(body).toEqual(createGenerator({ seed: 7 }).batch({ count: DEFAULT_BATCH_COUNT }));
    const page = await (await server.get('/v1/batch?seed=7&count=1000&start=1000', key)).json();
    expect(page).toEqual({
      count: 1000,
      addresses: createGenerator({ seed: '7' }).addresses({ start: 1000, count: 1000 }),
    });
    const state = (await (await server.get('/v1/batch?count=50&state=PR&seed=1', key)).json()) as {
      addresses: { state: string }[];
    };
    expect(state.addresses.every((a) => a.state === 'PR')).toBe(true);
  });

  it('GET /v1/ein and /v1/phone follow the library and the spec shapes', async () => {
    expect(await (await server.get('/v1/ein?seed=9', key)).json()).toEqual(createGenerator({ seed: 9 }).ein());
    const phone = await (await server.get('/v1/phone?state=NY&fictional=true&seed=3', key)).json();
    expect(phone).toEqual(createGenerator({ seed: 3 }).phone({ state: 'NY', fictional: true }));
    expect((phone as { phone: string }).phone).toMatch(/^\([2-9]\d\d\) 555-01\d\d$/);
  });

  it('GET /v1/zip/{zip} looks up, 404s an unknown ZIP and 400s a malformed one', async () => {
    const response = await server.get('/v1/zip/10001', key);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(createGenerator().zip('10001'));
    expect(response.headers.get('x-ussynth-seed')).toBeNull();
    const unknown = await problem(await server.get('/v1/zip/00000', key), 404, 'zip_not_found');
    expect(unknown.param).toBe('zip');
    for (const bad of ['1234', '123456', 'abcde', '1234%20', '%F0%9F%98%80']) {
      expect((await problem(await server.get(`/v1/zip/${bad}`, key), 400, 'invalid_zip')).param).toBe('zip');
    }
  });

  it('HEAD works like GET without a body', async () => {
    const response = await fetch(server.url + '/v1/ein', { method: 'HEAD', headers: { 'x-api-key': key } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('every response', () => {
  it('carries nosniff, no-store, a request id and the RateLimit fields', async () => {
    for (const path of ['/v1/ein', '/v1/zip/00000', '/v1/batch?count=0']) {
      const response = await server.get(path, key);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get('ratelimit-policy')).toMatch(
        /^"burst";q=100000;w=1, "monthly";q=1000000000000;w=\d+$/,
      );
      expect(response.headers.get('ratelimit')).toMatch(/^"burst";r=\d+;t=\d+, "monthly";r=\d+;t=\d+$/);
    }
  });
});

describe('parameter errors name the parameter', () => {
  const cases: [string, string, string][] = [
    ['/v1/batch?count=abc', 'invalid_count', 'count'],
    ['/v1/batch?count=1e3', 'invalid_count', 'count'],
    ['/v1/batch?count=0', 'invalid_count', 'count'],
    ['/v1/batch?count=-1', 'invalid_count', 'count'],
    ['/v1/batch?count=1001', 'invalid_count', 'count'],
    ['/v1/batch?count=2.5', 'invalid_count', 'count'],
    ['/v1/batch?count=010', 'invalid_count', 'count'],
    ['/v1/batch?count=+5', 'invalid_count', 'count'],
    ['/v1/batch?count=', 'invalid_count', 'count'],
    ['/v1/batch?count=5&count=5', 'invalid_count', 'count'],
    ['/v1/batch?start=-1', 'invalid_index', 'start'],
    ['/v1/batch?start=9007199254740991&count=2', 'invalid_index', 'start'],
    ['/v1/batch?start=9007199254740992&count=1', 'invalid_index', 'start'],
    ['/v1/eins?start=9007199254740983', 'invalid_index', 'start'],
    ['/v1/phones?start=9007199254740001&count=1000', 'invalid_index', 'start'],
    ['/v1/address?state=ZZ', 'invalid_state', 'state'],
    ['/v1/address?state=California', 'invalid_state', 'state'],
    ['/v1/batch?state=AE', 'state_not_generatable', 'state'],
    ['/v1/phone?state=FM', 'state_not_generatable', 'state'],
    ['/v1/phone?state=CA&state=NY', 'invalid_state', 'state'],
    ['/v1/phone?fictional=yes', 'invalid_parameter', 'fictional'],
    ['/v1/ein?seed=', 'invalid_seed', 'seed'],
    ['/v1/ein?seed=%20leading', 'invalid_seed', 'seed'],
    ['/v1/ein?seed=trailing%20', 'invalid_seed', 'seed'],
    ['/v1/ein?seed=caf%C3%A9', 'invalid_seed', 'seed'],
    ['/v1/ein?seed=tab%09inside', 'invalid_seed', 'seed'],
    [`/v1/ein?seed=${'x'.repeat(257)}`, 'invalid_seed', 'seed'],
    ['/v1/ein?count=5', 'unknown_parameter', 'count'],
    ['/v1/zip/10001?state=NY', 'unknown_parameter', 'state'],
  ];
  for (const [path, code, param] of cases) {
    it(`${path.slice(0, 60)} -> ${code}`, async () => {
      const body = await problem(await server.get(path, key), 400, code);
      expect(body.param).toBe(param);
      expect(String(body.detail)).toContain(param);
    });
  }

  it('serves the last records of a stream (start + count - 1 = 2^53 - 1), as the library does', async () => {
    const response = await server.get('/v1/eins?seed=last&start=9007199254740990&count=2', key);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { eins: unknown[] };
    const gen = createGenerator({ seed: 'last' });
    expect(body.eins).toEqual([gen.einAt(9007199254740990), gen.einAt(9007199254740991)]);
  });

  it('a refused request uses no quota', async () => {
    const fresh = await server.key('enterprise', { rate: 1000, monthlyQuota: 5 });
    await server.get('/v1/batch?count=abc', fresh.key);
    await server.get('/v1/batch?count=5&state=ZZ', fresh.key);
    expect((await server.get('/v1/batch?count=5', fresh.key)).status).toBe(200);
  });
});

describe('authentication', () => {
  it('401s a missing, malformed, mistyped, unknown key; never a key in the query', async () => {
    await problem(await server.get('/v1/ein'), 401, 'missing_api_key');
    await problem(await server.get('/v1/ein', 'not-a-key'), 401, 'malformed_api_key');
    const typo = key.slice(0, 20) + (key[20] === 'a' ? 'b' : 'a') + key.slice(21);
    await problem(await server.get('/v1/ein', typo), 401, 'malformed_api_key');
    const other = await startTestServer();
    const foreign = (await other.key()).key;
    await other.destroy();
    await problem(await server.get('/v1/ein', foreign), 401, 'invalid_api_key');
    await problem(await server.get(`/v1/ein?api_key=${key}`), 400, 'api_key_in_query');
    await problem(await server.get(`/v1/ein?q=${key}`, key), 400, 'api_key_in_query');
  });

  it('401s a well-formed key whose id exists but whose secret differs, also once the real key is cached', async () => {
    expect((await server.get('/v1/ein', key)).status).toBe(200);
    // Same prefix and id, another secret, a valid checksum: passes the shape check, fails the comparison.
    const secret = key.slice(17, 41);
    const body = key.slice(0, 17) + (secret[0] === 'A' ? 'B' : 'A') + secret.slice(1);
    const forged = body + base62Fixed6(crc32(new TextEncoder().encode(body)));
    await problem(await server.get('/v1/ein', forged), 401, 'invalid_api_key');
    expect((await server.get('/v1/ein', key)).status).toBe(200);
  });

  it('401 responses carry no RateLimit fields but still the security headers', async () => {
    const response = await server.get('/v1/ein');
    expect(response.headers.get('ratelimit')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('routing errors', () => {
  it('404s unknown paths and 405s other methods with Allow', async () => {
    await problem(await server.get('/v1/nothing', key), 404, 'not_found');
    await problem(await server.get('/v2/ein', key), 404, 'not_found');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const response = await fetch(server.url + '/v1/batch', { method, headers: { 'x-api-key': key } });
      await problem(response, 405, 'method_not_allowed');
      expect(response.headers.get('allow')).toBe('GET, HEAD');
    }
    await problem(await fetch(server.url + '/v1/zip/10001', { method: 'POST' }), 405, 'method_not_allowed');
  });

  it('lets pages of other origins call /v1 (CORS without credentials), and never the account API', async () => {
    const preflight = await fetch(server.url + '/v1/batch?count=5', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('x-api-key, authorization');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    const answer = await server.get('/v1/ein', key, { origin: 'https://app.example' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-expose-headers')).toContain('x-request-id');
    const refused = await server.get('/v1/ein', undefined, { origin: 'https://app.example' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    // Same-origin callers (no Origin header) get no CORS headers; the cookie-authenticated account API never does.
    expect((await server.get('/v1/ein', key)).headers.get('access-control-allow-origin')).toBeNull();
    const account = await fetch(server.url + '/account/v1/me', { headers: { origin: 'https://app.example' } });
    expect(account.headers.get('access-control-allow-origin')).toBeNull();
    const accountPreflight = await fetch(server.url + '/account/v1/keys', {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(accountPreflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("pages EINs and phones like /v1/batch: the library's records, any split, quota per record", async () => {
    const gen = createGenerator({ seed: 'pages' });
    const eins = (await (await server.get('/v1/eins?seed=pages&start=3&count=4', key)).json()) as {
      count: number;
      eins: unknown[];
    };
    expect(eins).toEqual({ count: 4, eins: [3, 4, 5, 6].map((i) => gen.einAt(i)) });
    const phones = (await (
      await server.get('/v1/phones?seed=pages&start=10&count=3&state=NY&fictional=true', key)
    ).json()) as { phones: unknown[] };
    expect(phones.phones).toEqual([10, 11, 12].map((i) => gen.phoneAt(i, { state: 'NY', fictional: true })));
    expect((await (await server.get('/v1/eins?seed=pages', key)).json()) as { count: number }).toMatchObject({
      count: 10,
    });
    await problem(await server.get('/v1/eins?count=1001', key), 400, 'invalid_count');
    await problem(await server.get('/v1/phones?state=AE', key), 400, 'state_not_generatable');
    const fictional = (await (await server.get('/v1/batch?seed=pages&count=3&fictional=true', key)).json()) as {
      addresses: { phone: string }[];
    };
    expect(fictional.addresses).toEqual(
      createGenerator({ seed: 'pages', fictionalPhones: true }).addresses({ count: 3 }),
    );
    expect(fictional.addresses.every((a) => / 555-01\d\d$/.test(a.phone))).toBe(true);
  });

  it('414s an oversize URL and 431s oversize headers, as problem+json', async () => {
    await problem(await server.get(`/v1/ein?seed=${'a'.repeat(5000)}`, key), 414, 'uri_too_long');
    const raw = await rawGet(server.url, '/v1/ein', { 'x-api-key': key, 'x-filler': 'a'.repeat(20_000) });
    expect(raw.status).toBe(431);
    expect(raw.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(raw.body).code).toBe('headers_too_large');
  });

  it('413s a body over the cap', async () => {
    const response = await fetch(server.url + '/v1/ein', {
      method: 'GET',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: undefined,
    });
    expect(response.status).toBe(200);
    const big = await rawGet(
      server.url,
      '/v1/ein',
      { 'x-api-key': key, 'content-type': 'application/json', 'content-length': '5000' },
      'x'.repeat(5000),
    );
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).code).toBe('payload_too_large');
  });

  it("caps a declared body by its route's limit: 4 KiB on every account API route (GETs too), 1 KiB elsewhere", async () => {
    const declare = (length: number) => ({ 'content-type': 'application/json', 'content-length': String(length) });
    const api = await rawGet(server.url, '/v1/ein', { 'x-api-key': key, ...declare(2000) }, 'x'.repeat(2000));
    expect(api.status).toBe(413);
    expect(JSON.parse(api.body).detail).toBe('the request body is 2000 bytes; at most 1024 are accepted here');
    // Within the account API's limit: the route answers (no session here).
    const account = await rawGet(server.url, '/account/v1/me', declare(2000), 'x'.repeat(2000));
    expect(account.status).toBe(401);
    expect(JSON.parse(account.body).code).toBe('not_signed_in');
    const over = await rawGet(server.url, '/account/v1/me', declare(5000), 'x'.repeat(5000));
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body).detail).toBe('the request body is 5000 bytes; at most 4096 are accepted here');
  });
});

describe('docs and root', () => {
  it('serves OpenAPI 3.1 with every route, its parameters and problem responses, without a key', async () => {
    const doc = (await (await server.get('/v1/openapi.json')).json()) as {
      openapi: string;
      paths: Record<string, { get: { parameters?: { name: string }[]; responses: Record<string, unknown> } }>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(
      Object.keys(doc.paths)
        .filter((path) => path.startsWith('/v1/'))
        .sort(),
    ).toEqual([
      '/v1/address',
      '/v1/batch',
      '/v1/companies',
      '/v1/companies/{index}/employees',
      '/v1/ein',
      '/v1/eins',
      '/v1/households',
      '/v1/phone',
      '/v1/phones',
      '/v1/sla',
      '/v1/usage',
      '/v1/zip/{zip}',
    ]);
    expect(
      Object.keys(doc.paths)
        .filter((path) => path.startsWith('/account/v1/'))
        .sort(),
    ).toEqual([
      '/account/v1/account',
      '/account/v1/billing',
      '/account/v1/billing/checkout',
      '/account/v1/billing/portal',
      '/account/v1/keys',
      '/account/v1/keys/{id}/revoke',
      '/account/v1/keys/{id}/roll',
      '/account/v1/me',
      '/account/v1/password',
      '/account/v1/password/forgot',
      '/account/v1/password/reset',
      '/account/v1/plan',
      '/account/v1/plans',
      '/account/v1/quota-notices',
      '/account/v1/session',
      '/account/v1/sessions',
      '/account/v1/signup',
      '/account/v1/sla',
      '/account/v1/sla/terms',
      '/account/v1/sso',
      '/account/v1/sso/start',
      '/account/v1/usage',
      '/account/v1/verification',
      '/account/v1/verification/confirm',
    ]);
    expect(doc.paths['/v1/batch'].get.parameters!.map((p) => p.name).sort()).toEqual([
      'count',
      'fictional',
      'fields',
      'geo',
      'seed',
      'start',
      'state',
    ]);
    expect(Object.keys(doc.paths['/v1/zip/{zip}'].get.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '429']),
    );
    const page = await server.get('/v1/docs');
    expect(page.status).toBe(200);
  });

  it('/ says the demo is not built when web-dist is missing', async () => {
    const response = await server.get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('/v1/docs');
    expect(html).toContain('not built');
  });

  it('/ serves the built demo with cache headers suitable for static assets', async () => {
    const web = mkdtempSync(join(tmpdir(), 'ussynth-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>demo</title>');
    writeFileSync(join(web, 'app.js'), 'console.log(1)');
    const withWeb = await startTestServer({ config: { webDir: web } });
    try {
      const index = await withWeb.get('/');
      expect(await index.text()).toContain('demo');
      expect(index.headers.get('cache-control')).toBe('no-cache');
      const asset = await withWeb.get('/app.js');
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
      // The API stays API-only next to the static files.
      await problem(await withWeb.get('/v1/nothing'), 404, 'not_found');
      await problem(await withWeb.get('/v1/ein'), 401, 'missing_api_key');
    } finally {
      await withWeb.destroy();
      rmSync(web, { recursive: true, force: true });
    }
  });
});

function rawGet(
  base: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(base + path, { method: 'GET', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
