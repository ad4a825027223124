import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMN_NAME_PATTERN, createGenerator, FIELD_NAMES, RESERVED_COLUMN_NAMES } from '../../../../src/index.js';
import { startTestServer, type TestServer } from '../../test-server.js';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.key()).key;
});
afterAll(() => server.destroy());

const LIST = 'id=uuid,first_name=firstName,last_name=lastName,email,birth_date=birthDate,n=index,lat,line2';

describe('fields=', () => {
  it("GET /v1/address answers the columns asked, in order: the library's bytes", async () => {
    const response = await server.get(`/v1/address?seed=f1&state=TX&fields=${encodeURIComponent(LIST)}`, key);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toBe(JSON.stringify(createGenerator({ seed: 'f1' }).address({ state: 'TX', fields: LIST })));
    expect(Object.keys(JSON.parse(text) as object)).toEqual([
      'id',
      'first_name',
      'last_name',
      'email',
      'birth_date',
      'n',
      'lat',
      'line2',
    ]);
  });

  it('GET /v1/batch pages the same records as the library, with fictional phones too', async () => {
    const response = await server.get(
      `/v1/batch?seed=f2&count=40&start=1000&fictional=true&fields=phone,phoneIntl,zip,state`,
      key,
    );
    const text = await response.text();
    const expected = createGenerator({ seed: 'f2', fictionalPhones: true }).addresses({
      start: 1000,
      count: 40,
      fields: 'phone,phoneIntl,zip,state',
    });
    expect(text).toBe(JSON.stringify({ count: 40, addresses: expected }));
  });

  it('counts a record of a list of more than 8 entries as one record of quota more for each further 8 started', async () => {
    const used = async () => ((await (await server.get('/v1/usage', key)).json()) as { used: number }).used;
    const entries = (n: number) =>
      Array.from({ length: n }, (_, i) => `c${i}=${FIELD_NAMES[i % FIELD_NAMES.length]}`).join(',');
    const cases: [string, number][] = [
      [`/v1/batch?count=10&fields=${entries(8)}`, 10],
      [`/v1/batch?count=10&fields=${entries(9)}`, 20],
      [`/v1/batch?count=10&fields=${entries(64)}`, 80],
      [`/v1/address?fields=${entries(17)}`, 3],
      ['/v1/batch?count=10&geo=true', 10],
    ];
    for (const [path, charged] of cases) {
      const before = await used();
      const response = await server.get(path, key);
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
      expect((await used()) - before, path).toBe(charged);
    }
  });

  it('refuses bad lists with 400 problem details naming the entry and listing the valid fields, and debits nothing', async () => {
    const cases: [string, string][] = [
      ['fields=email,phone_number', 'unknown field "phone_number"'],
      ['fields=email,EMAIL=email', 'column "EMAIL" appears twice'],
      ['fields=first-name%3DfirstName', 'column name "first-name"'],
      ['fields=', 'fields is empty'],
      ['fields=zip&geo=true', 'geo=true cannot be combined with fields'],
      ['fields=zip&fields=state', 'fields must be comma-separated'],
      ['fields=__proto__%3Dname', 'column name "__proto__" (fields entry "__proto__=name") is reserved'],
      ['fields=zip,constructor%3Dstate', 'column name "constructor" (fields entry "constructor=state") is reserved'],
      ['fields=prototype%3Dzip', 'column name "prototype" (fields entry "prototype=zip") is reserved'],
    ];
    const before = await (await server.get('/v1/usage', key)).json();
    for (const [query, detail] of cases) {
      for (const path of ['/v1/address', '/v1/batch']) {
        const response = await server.get(`${path}?${query}`, key);
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(response.headers.get('content-type')).toContain('application/problem+json');
        const body = (await response.json()) as { code: string; detail: string };
        expect(body.code).toBe('invalid_fields');
        expect(body.detail).toContain(detail);
        if (detail.startsWith('unknown') || detail.startsWith('fields is empty'))
          expect(body.detail).toContain(`valid fields: ${FIELD_NAMES.join(', ')}`);
      }
    }
    expect(await (await server.get('/v1/usage', key)).json()).toEqual(before);
  });

  it('answers any column name as its own key, or refuses a reserved one and debits nothing (a property test)', async () => {
    const inherited = [
      ...RESERVED_COLUMN_NAMES,
      ...Object.getOwnPropertyNames(Object.prototype),
      'Constructor',
      '__PROTO__',
      'then',
    ];
    const columns = fc.oneof(fc.constantFrom(...inherited), fc.stringMatching(COLUMN_NAME_PATTERN));
    let served = 0;
    const usage = async (): Promise<number> =>
      ((await (await server.get('/v1/usage', key)).json()) as { used: number }).used;
    const before = await usage();
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(columns, { minLength: 1, maxLength: 6, selector: (c) => c.toLowerCase() }),
        fc.constantFrom('/v1/address', '/v1/batch'),
        async (names, path) => {
          const fields = names.map((column, i) => `${column}=${FIELD_NAMES[i]}`).join(',');
          const response = await server.get(
            `${path}?seed=cols${path === '/v1/batch' ? '&count=2' : ''}&${new URLSearchParams({ fields })}`,
            key,
          );
          const reserved = names.find((column) => (RESERVED_COLUMN_NAMES as readonly string[]).includes(column));
          if (reserved !== undefined) {
            expect(response.status, fields).toBe(400);
            expect(response.headers.get('content-type')).toContain('application/problem+json');
            const body = (await response.json()) as { code: string; detail: string };
            expect(body.code).toBe('invalid_fields');
            expect(body.detail).toContain(`column name "${reserved}"`);
            return;
          }
          expect(response.status, fields).toBe(200);
          const text = await response.text();
          const library = createGenerator({ seed: 'cols' });
          const expected =
            path === '/v1/address'
              ? library.address({ fields })
              : { count: 2, addresses: library.addresses({ count: 2, fields }) };
          expect(text).toBe(JSON.stringify(expected));
          const records =
            path === '/v1/address'
              ? [JSON.parse(text) as object]
              : (JSON.parse(text) as { addresses: object[] }).addresses;
          for (const record of records) expect(Object.keys(record)).toEqual(names);
          served += records.length;
        },
      ),
      { numRuns: 60 },
    );
    expect(await usage()).toBe(before + served);
  });

  it('is in the OpenAPI document: the parameter on both routes, the catalogue as the fieldName enum', async () => {
    const doc = (await (await server.get('/v1/openapi.json')).json()) as {
      paths: Record<string, { get: { parameters: { name: string; schema: { type: string } }[] } }>;
      components: { schemas: Record<string, { enum?: string[]; type?: string; description?: string }> };
    };
    for (const path of ['/v1/address', '/v1/batch']) {
      const parameter = doc.paths[path].get.parameters.find((p) => p.name === 'fields');
      expect(parameter?.schema.type, path).toBe('string');
    }
    const schemas = Object.values(doc.components.schemas);
    expect(schemas.filter((schema) => JSON.stringify(schema.enum) === JSON.stringify(FIELD_NAMES))).toHaveLength(1);
    expect(schemas.find((schema) => schema.description?.startsWith('With fields='))?.type).toBe('object');
  });
});
