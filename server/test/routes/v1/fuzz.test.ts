import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../../../src/schemas/problem.js';
import { RECORD_SCHEMAS } from '../../../src/schemas/records.js';
import { startTestServer, type TestServer } from '../../test-server.js';

// Fastify's own validator library, given the same schemas the server serialises with.
const ajv = new Ajv({ allErrors: true, strict: false });
for (const schema of [problemSchema, ...RECORD_SCHEMAS]) ajv.addSchema(schema);
const SUCCESS_SCHEMA: Record<string, string> = {
  address: 'address',
  batch: 'batch',
  ein: 'ein',
  phone: 'phone',
  zip: 'zip',
  companies: 'companies',
  households: 'households',
  employees: 'employees',
};

let server: TestServer;
let key: string;
const logDir = mkdtempSync(join(tmpdir(), 'ussynth-fuzz-log-'));
const logFile = join(logDir, 'server.log');
beforeAll(async () => {
  server = await startTestServer({ logFile });
  key = (await server.key()).key;
});
afterAll(async () => {
  await server.destroy();
  rmSync(logDir, { recursive: true, force: true });
});

// Values near the valid ones and far from them: numbers in every notation, codes, unicode, separators.
const value = fc.oneof(
  fc.integer({ min: -5, max: 2000 }).map(String),
  fc.constantFrom(
    '',
    '0',
    '1',
    '1000',
    '1001',
    '1e3',
    '0x10',
    '+5',
    '010',
    '2.5',
    ' 5',
    'NaN',
    'true',
    'false',
    'CA',
    'ca',
    'AE',
    'PR',
    'ZZ',
    '90210',
    '00000',
    '9007199254740991',
    '99999999999999999999',
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);
const name = fc.constantFrom(
  'count',
  'state',
  'seed',
  'start',
  'fictional',
  'zip',
  'other',
  '__proto__',
  'constructor',
);
const query = fc
  .array(fc.tuple(name, value), { maxLength: 4 })
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));
const path = fc.oneof(
  fc.constantFrom('/v1/address', '/v1/batch', '/v1/ein', '/v1/phone', '/v1/companies', '/v1/households'),
  fc.oneof(value, fc.stringMatching(/^[0-9]{5}$/)).map((zip) => `/v1/zip/${encodeURIComponent(zip)}`),
  fc.oneof(value, fc.nat(300).map(String)).map((index) => `/v1/companies/${encodeURIComponent(index)}/employees`),
);

describe('fuzzing every query and path parameter', () => {
  it('never answers 5xx and every body matches its schema (1000 runs)', async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(path, query, async (p, q) => {
        const response = await server.get(q ? `${p}?${q}` : p, key);
        seen.add(response.status);
        expect(response.status).toBeLessThan(500);
        const body = await response.json();
        if (response.status === 200) {
          expect(response.headers.get('content-type')).toMatch(/^application\/json/);
          const schema = SUCCESS_SCHEMA[p.split('/').at(-1)!.endsWith('employees') ? 'employees' : p.split('/')[2]];
          expect(ajv.validate(schema + '#', body), `${p}?${q}: ${ajv.errorsText()}`).toBe(true);
        } else {
          expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
          expect(ajv.validate('problem#', body), `${p}?${q}: ${ajv.errorsText()}`).toBe(true);
          expect((body as { status: number }).status).toBe(response.status);
        }
      }),
      { numRuns: 1000 },
    );
    // The generators reach both outcomes, so the property is not vacuous.
    expect(seen.has(200)).toBe(true);
    expect(seen.has(400)).toBe(true);
  });
});

// Key-shaped text: a real key's shape (prefix, 38 base62 characters) in any letter case of the prefix, sent plain or
// with some of its characters percent-encoded (once or twice), as a browser, a shell or a proxy might.
const keyText = fc
  .tuple(fc.constantFrom('uss_live_', 'uss_test_', 'USS_LIVE_', 'Uss_Test_'), fc.stringMatching(/^[0-9A-Za-z]{38}$/))
  .map(([prefix, body]) => prefix + body);
const encoded = fc
  .tuple(keyText, fc.array(fc.nat(46), { maxLength: 6 }), fc.boolean())
  .map(([text, positions, twice]) => {
    const chars = [...text].map((c, i) =>
      positions.includes(i) ? '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0') : c,
    );
    const once = chars.join('');
    return { text, sent: twice ? once.replace(/%/g, '%25') : once };
  });
const keyPlace = fc.constantFrom(
  (k: string) => `/v1/zip/${k}`,
  (k: string) => `/v1/companies/${k}/employees`,
  (k: string) => `/${k}`,
  (k: string) => `/v1/${k}/ein`,
  (k: string) => `/v1/ein;key=${k}`,
  (k: string) => `/v1/ein?${k}`,
  (k: string) => `/v1/ein?${k}=1`,
  (k: string) => `/v1/batch?count=2&${k}=${k}`,
  (k: string) => `/v1/phone?state=${k}`,
  (k: string) => `/v1/docs/${k}`,
);

describe('fuzzing key-shaped text in paths and parameter names', () => {
  it('refuses it everywhere (api_key_in_path, or api_key_in_query when only in the query), echoes none of it, and never logs it (300 runs)', async () => {
    const sent: string[] = [];
    await fc.assert(
      fc.asyncProperty(encoded, keyPlace, async ({ text, sent: form }, place) => {
        const path = place(form);
        sent.push(text.slice(9, 30), form.slice(-20));
        const response = await server.get(path, key);
        const body = await response.text();
        expect(response.status, path).toBe(400);
        expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        const problem = JSON.parse(body) as { code: string };
        expect(ajv.validate('problem#', problem), `${path}: ${ajv.errorsText()}`).toBe(true);
        expect(problem.code, path).toBe(path.includes('?') ? 'api_key_in_query' : 'api_key_in_path');
        expect(body).not.toContain(text.slice(9, 30));
      }),
      { numRuns: 300 },
    );
    await server.close();
    const log = readFileSync(logFile, 'utf8');
    expect(log.split('\n').filter((line) => line.includes('"status":400')).length).toBeGreaterThanOrEqual(300);
    // No piece of any key sent (its id and most of its secret, or the tail of the form it was sent in) is in the log.
    for (const secret of sent) expect(log).not.toContain(secret);
  });
});
