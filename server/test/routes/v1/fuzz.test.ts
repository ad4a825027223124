import { Ajv } from 'ajv';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../../../src/schemas/problem.js';
import { RECORD_SCHEMAS } from '../../../src/schemas/records.js';
import { startTestServer, type TestServer } from '../../test-server.js';

// Fastify's own validator library, given the same schemas the server serialises with.
const ajv = new Ajv({ allErrors: true, strict: false });
for (const schema of [problemSchema, ...RECORD_SCHEMAS]) ajv.addSchema(schema);
const SUCCESS_SCHEMA: Record<string, string> = { address: 'address', batch: 'batch', ein: 'ein', phone: 'phone', zip: 'zip' };

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  key = (await server.key()).key;
});
afterAll(() => server.destroy());

// Values near the valid ones and far from them: numbers in every notation, codes, unicode, separators.
const value = fc.oneof(
  fc.integer({ min: -5, max: 2000 }).map(String),
  fc.constantFrom('', '0', '1', '1000', '1001', '1e3', '0x10', '+5', '010', '2.5', ' 5', 'NaN', 'true', 'false', 'CA', 'ca', 'AE', 'PR', 'ZZ', '90210', '00000', '9007199254740991', '99999999999999999999'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);
const name = fc.constantFrom('count', 'state', 'seed', 'start', 'fictional', 'zip', 'other', '__proto__', 'constructor');
const query = fc.array(fc.tuple(name, value), { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));
const path = fc.oneof(
  fc.constantFrom('/v1/address', '/v1/batch', '/v1/ein', '/v1/phone'),
  fc.oneof(value, fc.stringMatching(/^[0-9]{5}$/)).map((zip) => `/v1/zip/${encodeURIComponent(zip)}`),
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
          const schema = SUCCESS_SCHEMA[p.split('/')[2]];
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
