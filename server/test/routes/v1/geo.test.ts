import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator } from '../../../../src/index.js';
import { startTestServer, type TestServer } from '../../test-server.js';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.key()).key;
});
afterAll(() => server.destroy());

const FIVE = ['lat', 'lon', 'county', 'countyFips', 'timeZone'];

describe('geo=true', () => {
  it("GET /v1/address adds the five fields after country: the library's record, the eight fields unchanged", async () => {
    const geo = (await (await server.get('/v1/address?state=IL&seed=g1&geo=true', key)).json()) as Record<
      string,
      unknown
    >;
    expect(geo).toEqual(createGenerator({ seed: 'g1' }).address({ state: 'IL', geo: true }));
    expect(Object.keys(geo).slice(-6)).toEqual(['country', ...FIVE]);
    const plain = await (await server.get('/v1/address?state=IL&seed=g1', key)).json();
    const without = await (await server.get('/v1/address?state=IL&seed=g1&geo=false', key)).json();
    expect(plain).toEqual(createGenerator({ seed: 'g1' }).address({ state: 'IL' }));
    expect(without).toEqual(plain);
    expect(Object.fromEntries(Object.entries(geo).filter(([k]) => !FIVE.includes(k)))).toEqual(plain);
  });

  it('GET /v1/batch pages addresses with their points', async () => {
    const body = await (await server.get('/v1/batch?seed=g2&count=50&start=100&geo=true', key)).json();
    expect(body).toEqual({
      count: 50,
      addresses: createGenerator({ seed: 'g2' }).addresses({ start: 100, count: 50, geo: true }),
    });
  });

  it('GET /v1/zip/{zip} adds the centroid, county and time zone, and nulls for a military ZIP', async () => {
    expect(await (await server.get('/v1/zip/60601?geo=true', key)).json()).toEqual({
      zip: '60601',
      state: 'IL',
      stateFull: 'Illinois',
      city: 'Chicago',
      lat: 41.88527,
      lon: -87.62197,
      county: 'Cook',
      countyFips: '17031',
      timeZone: 'America/Chicago',
    });
    expect(await (await server.get('/v1/zip/60601', key)).json()).toEqual({
      zip: '60601',
      state: 'IL',
      stateFull: 'Illinois',
      city: 'Chicago',
    });
    expect(await (await server.get('/v1/zip/09001?geo=true', key)).json()).toMatchObject({
      state: 'AE',
      lat: null,
      lon: null,
      county: null,
      countyFips: null,
      timeZone: null,
    });
  });

  it('refuses a geo that is not true or false, naming it, on every route', async () => {
    for (const path of [
      '/v1/address?geo=yes',
      '/v1/batch?geo=1',
      '/v1/zip/60601?geo=TRUE',
      '/v1/address?geo=true&geo=false',
    ]) {
      const response = await server.get(path, key);
      expect(response.status, path).toBe(400);
      const body = (await response.json()) as { code: string; param?: string; detail: string };
      expect(body.code).toBe('invalid_parameter');
      expect(body.detail).toContain('geo must be true or false');
    }
  });

  it('is in the OpenAPI document: the parameter on the three routes and the five properties', async () => {
    const doc = (await (await server.get('/v1/openapi.json')).json()) as {
      paths: Record<string, { get: { parameters: { name: string }[] } }>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    for (const path of ['/v1/address', '/v1/batch', '/v1/zip/{zip}'])
      expect(doc.paths[path].get.parameters.map((p) => p.name)).toContain('geo');
    const schemas = JSON.stringify(doc.components.schemas);
    for (const field of FIVE) expect(schemas).toContain(`"${field}"`);
  });
});
