import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotaRecords } from '../../../../src/client/index.js';
import { createGenerator } from '../../../../src/index.js';
import { problemSchema } from '../../../src/schemas/problem.js';
import { RECORD_SCHEMAS } from '../../../src/schemas/records.js';
import { startTestServer, type TestServer } from '../../test-server.js';

// Issue 49's routes on a real server on a real port: the library's records byte for byte, the schemas the OpenAPI
// document gives them, the quota each record counts as, and bad input refused before any debit.

const ajv = new Ajv({ allErrors: true, strict: false });
for (const schema of [problemSchema, ...RECORD_SCHEMAS]) ajv.addSchema(schema);

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.key()).key;
});
afterAll(() => server.destroy());

const used = async (): Promise<number> =>
  ((await (await server.get('/v1/usage', key)).json()) as { used: number }).used;

/** The body of a 200 answer, checked against its schema of the OpenAPI document. */
async function body(path: string, schema: string): Promise<{ text: string; json: Record<string, unknown> }> {
  const response = await server.get(path, key);
  const text = await response.text();
  expect(response.status, `${path}: ${text.slice(0, 300)}`).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const json = JSON.parse(text) as Record<string, unknown>;
  const valid = ajv.validate(`${schema}#`, json);
  expect(valid, `${path}: ${JSON.stringify(ajv.errors?.slice(0, 3))}`).toBe(true);
  return { text, json };
}

/** The properties of schema `id`, in order. */
function schemaKeys(id: string): string[] {
  const schema = RECORD_SCHEMAS.find((s) => s.$id === id) as { properties: object; required: string[] };
  expect(schema.required).toEqual(Object.keys(schema.properties));
  return Object.keys(schema.properties);
}

describe('GET /v1/companies', () => {
  it("answers the library's companies byte for byte, any split, in the schema's keys and order", async () => {
    const gen = createGenerator({ seed: 'rel-1' });
    // 600 companies are made in two slices on the server (sliced-records.ts): the same bytes as one page.
    const { text, json } = await body('/v1/companies?seed=rel-1&count=600&start=1000&state=tx', 'companies');
    const expected = gen.companies({ start: 1000, count: 600, state: 'TX' });
    expect(text).toBe(JSON.stringify({ count: 600, companies: expected }));
    const split = [
      ...((await body('/v1/companies?seed=rel-1&count=15&start=1000&state=TX', 'companies')).json
        .companies as object[]),
      ...((await body('/v1/companies?seed=rel-1&count=25&start=1015&state=TX', 'companies')).json
        .companies as object[]),
    ];
    expect(split).toEqual((json.companies as object[]).slice(0, 40));
    for (const company of expected) expect(Object.keys(company)).toEqual(schemaKeys('company'));
    const first = await server.get('/v1/companies', key);
    expect(first.headers.get('x-ussynth-seed')).toMatch(/./);
    const replay = createGenerator({ seed: first.headers.get('x-ussynth-seed')! });
    expect(await first.text()).toBe(JSON.stringify({ count: 10, companies: replay.companies({ count: 10 }) }));
  });
});

describe('GET /v1/households', () => {
  it("answers the library's households with their members nested, byte for byte, in the schemas' keys and order", async () => {
    const gen = createGenerator({ seed: 'rel-2' });
    // 200 households (600 records of quota) are made in two slices on the server: the same bytes as one page.
    const expected = gen.households({ start: 77, count: 200, state: 'NY' });
    const { text } = await body('/v1/households?seed=rel-2&count=200&start=77&state=NY', 'households');
    expect(text).toBe(JSON.stringify({ count: 200, households: expected }));
    let members = 0;
    for (const household of expected) {
      expect(Object.keys(household)).toEqual(schemaKeys('household'));
      expect(household.members.length).toBe(household.size);
      for (const member of household.members) {
        expect(Object.keys(member)).toEqual(schemaKeys('householdMember'));
        expect(member.householdId).toBe(household.id);
        members++;
      }
    }
    expect(members).toBeGreaterThan(200);
  });
});

describe('GET /v1/companies/{index}/employees', () => {
  it("answers the company the companies stream has at that index and the library's employees, cut to its headcount", async () => {
    const gen = createGenerator({ seed: 'rel-3' });
    // A small company (the headcount cuts a page of 1000) and the first one of at least 30 people (a page inside it).
    const companies = gen.companies({ count: 200, state: 'CA' });
    const small = companies.findIndex((company) => company.employees < 1000);
    const large = companies.findIndex((company) => company.employees >= 30);
    expect(small).toBeGreaterThanOrEqual(0);
    expect(large).toBeGreaterThanOrEqual(0);

    const cut = companies[small];
    const whole = await body(`/v1/companies/${small}/employees?seed=rel-3&state=CA&count=1000`, 'employees');
    const employees = gen.employees({ company: small, count: 1000, state: 'CA' });
    expect(employees.length).toBe(cut.employees);
    expect(whole.text).toBe(JSON.stringify({ count: cut.employees, company: cut, employees }));
    for (const employee of employees) {
      expect(Object.keys(employee)).toEqual(schemaKeys('employee'));
      expect(employee.companyId).toBe(cut.id);
    }

    const page = await body(`/v1/companies/${large}/employees?seed=rel-3&state=CA&start=10&count=20`, 'employees');
    expect(page.text).toBe(
      JSON.stringify({
        count: 20,
        company: companies[large],
        employees: gen.employees({ company: large, start: 10, count: 20, state: 'CA' }),
      }),
    );
    // The end of the range past the headcount: cut to it.
    const last = companies[large].employees - 1;
    const tail = await body(`/v1/companies/${large}/employees?seed=rel-3&state=CA&start=${last}&count=5`, 'employees');
    expect(tail.json.count).toBe(1);
    expect(tail.json.employees).toEqual(gen.employees({ company: large, start: last, count: 1, state: 'CA' }));
  });
});

describe('fictional=true', () => {
  it("gives every phone of the three answers in 555-0100..555-0199, as the library's fictionalPhones", async () => {
    const gen = createGenerator({ seed: 'rel-f', fictionalPhones: true });
    const FICTIONAL = /^\([2-9][0-9]{2}\) 555-01[0-9]{2}$/;
    const companies = await body('/v1/companies?seed=rel-f&count=20&fictional=true', 'companies');
    expect(companies.text).toBe(JSON.stringify({ count: 20, companies: gen.companies({ count: 20 }) }));
    const households = await body('/v1/households?seed=rel-f&count=20&fictional=true', 'households');
    expect(households.text).toBe(JSON.stringify({ count: 20, households: gen.households({ count: 20 }) }));
    const employees = await body('/v1/companies/0/employees?seed=rel-f&count=20&fictional=true', 'employees');
    const staff = gen.employees({ company: 0, count: 20 });
    expect(employees.text).toBe(JSON.stringify({ count: staff.length, company: gen.companyAt(0), employees: staff }));
    const phones = [
      ...gen.companies({ count: 20 }).map((company) => company.phone),
      ...gen
        .households({ count: 20 })
        .flatMap((household) => [
          household.phone,
          ...household.members.map((member) => member.phone).filter((phone) => phone !== ''),
        ]),
      ...staff.map((employee) => employee.phone),
    ];
    expect(phones.length).toBeGreaterThan(60);
    for (const phone of phones) expect(phone).toMatch(FICTIONAL);
  });
});

describe('quota', () => {
  it("debits a company 1, an employee 1 and a household 3 records: the typed client's quotaRecords", async () => {
    const gen = createGenerator({ seed: 'rel-q' });
    const company = gen.companies({ count: 1 })[0];
    const served = Math.min(7, company.employees);
    const cases: [string, number][] = [
      ['/v1/companies?seed=rel-q&count=7', quotaRecords('company', 7)],
      ['/v1/households?seed=rel-q&count=7', quotaRecords('household', 7)],
      ['/v1/households?seed=rel-q', quotaRecords('household', 10)],
      ['/v1/companies/0/employees?seed=rel-q&count=7', quotaRecords('employee', served)],
    ];
    expect(cases.map(([, records]) => records).slice(0, 3)).toEqual([7, 21, 30]);
    for (const [path, records] of cases) {
      const before = await used();
      const response = await server.get(path, key);
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
      expect((await used()) - before, path).toBe(records);
      // The RateLimit field of the answer says what is left after this debit.
      expect(response.headers.get('ratelimit'), path).toMatch(/"monthly";r=\d+;t=\d+$/);
    }
  });

  it('refuses a page of households larger than what remains with quota_exceeded, before anything is made', async () => {
    const small = (await server.key('enterprise', { rate: 100, monthlyQuota: 20 })).key;
    const refused = await server.get('/v1/households?seed=rel-q&count=7', small);
    expect(refused.status).toBe(429);
    const problem = (await refused.json()) as { code: string; remaining: number; detail: string };
    expect(problem.code).toBe('quota_exceeded');
    expect(problem.remaining).toBe(20);
    expect(problem.detail).toContain('this request needs 21 records but 20 of the monthly quota of 20 remain');
    expect((await server.get('/v1/households?seed=rel-q&count=6', small)).status).toBe(200);
  });
});

describe('bad input', () => {
  it('is a 400 problem naming the parameter, with a code of the catalogue, and debits nothing', async () => {
    const gen = createGenerator({ seed: 'rel-bad' });
    const headcount = gen.companies({ count: 1 })[0].employees;
    const cases: [string, string, string][] = [
      ['/v1/companies?count=0', 'invalid_count', 'count'],
      ['/v1/companies?count=1001', 'invalid_count', 'count'],
      ['/v1/households?count=1e3', 'invalid_count', 'count'],
      ['/v1/companies/0/employees?count=1001', 'invalid_count', 'count'],
      ['/v1/companies?start=-1', 'invalid_index', 'start'],
      ['/v1/households?start=9007199254740991&count=2', 'invalid_index', 'start'],
      ['/v1/companies?state=ZZ', 'invalid_state', 'state'],
      ['/v1/households?state=AE', 'state_not_generatable', 'state'],
      ['/v1/companies/0/employees?state=FM', 'state_not_generatable', 'state'],
      ['/v1/companies?seed=', 'invalid_seed', 'seed'],
      ['/v1/companies?geo=true', 'unknown_parameter', 'geo'],
      ['/v1/households?fields=id', 'unknown_parameter', 'fields'],
      ['/v1/companies/0/employees?company=3', 'unknown_parameter', 'company'],
      ['/v1/companies/abc/employees', 'invalid_index', 'index'],
      ['/v1/companies/-1/employees', 'invalid_index', 'index'],
      ['/v1/companies/01/employees', 'invalid_index', 'index'],
      ['/v1/companies/9007199254740992/employees', 'invalid_index', 'index'],
      [`/v1/companies/0/employees?seed=rel-bad&start=${headcount}`, 'invalid_index', 'start'],
    ];
    const before = await used();
    for (const [path, code, param] of cases) {
      const response = await server.get(path, key);
      expect(response.status, path).toBe(400);
      expect(response.headers.get('content-type'), path).toBe('application/problem+json; charset=utf-8');
      const problem = (await response.json()) as { code: string; param: string; detail: string };
      expect(ajv.validate('problem#', problem), path).toBe(true);
      expect([problem.code, problem.param], `${path}: ${problem.detail}`).toEqual([code, param]);
    }
    const past = (await (
      await server.get(`/v1/companies/0/employees?seed=rel-bad&start=${headcount}`, key)
    ).json()) as { detail: string };
    expect(past.detail).toBe(
      `start must be below the headcount of company 0 (${headcount}: employees 0..${headcount - 1}); got ${headcount}`,
    );
    expect(await used()).toBe(before);
  });

  it('answers other methods 405 with Allow, and HEAD without a body or a debit', async () => {
    for (const path of ['/v1/companies', '/v1/households', '/v1/companies/3/employees']) {
      const post = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'x-api-key': key } });
      expect(post.status, path).toBe(405);
      expect(post.headers.get('allow'), path).toContain('GET');
      await post.arrayBuffer();
    }
    const before = await used();
    const head = await fetch(`${server.url}/v1/households?count=1000`, {
      method: 'HEAD',
      headers: { 'x-api-key': key },
    });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(await used()).toBe(before);
  });
});
