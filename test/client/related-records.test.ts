import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  createClient,
  quotaRecords,
  RELATED_RECORD_QUOTA,
  type Company,
  type Employee,
  type Household,
  type UssynthClient,
} from '../../src/client/index.js';
import { createGenerator } from '../../src/index.js';
import { apiFailure } from './api-failure.js';
import { spawnServer, type SpawnedServer } from './spawned-server.js';

// The typed client's companies, households and employees calls against a real `ussynth-server serve` process: the
// library's records, the quota the client's figures say, and the checks made before anything is sent.

let server: SpawnedServer;
let client: UssynthClient;
/** Requests the client sent (its `fetch` is the global one, counted). */
let sent = 0;

beforeAll(async () => {
  server = await spawnServer();
  client = createClient({
    baseUrl: server.url,
    apiKey: server.createKey('related', { tier: 'enterprise', rate: 1000, monthlyQuota: 1_000_000 }),
    fetch: (input, init) => {
      sent++;
      return fetch(input, init);
    },
  });
});
afterAll(() => server?.stop());

describe('companies, households and employees', () => {
  it("return the library's records for the seed, typed as the library's", async () => {
    const gen = createGenerator({ seed: 'client-rel' });
    const companies = await client.companies({ seed: 'client-rel', count: 12, start: 500, state: 'wa' });
    expectTypeOf(companies.companies).toEqualTypeOf<Company[]>();
    expect(companies).toEqual({ count: 12, companies: gen.companies({ start: 500, count: 12, state: 'WA' }) });
    const households = await client.households({ seed: 'client-rel', count: 9, state: 'FL' });
    expectTypeOf(households.households).toEqualTypeOf<Household[]>();
    expect(households).toEqual({ count: 9, households: gen.households({ count: 9, state: 'FL' }) });
    const company = gen.companyAt(3);
    const employees = await client.employees({ seed: 42, company: 3, count: 1000 });
    expectTypeOf(employees.employees).toEqualTypeOf<Employee[]>();
    const expected = createGenerator({ seed: '42' }).employees({ company: 3, count: 1000 });
    expect(employees).toEqual({
      count: expected.length,
      company: createGenerator({ seed: 42 }).companyAt(3),
      employees: expected,
    });
    expect(expected.every((employee) => employee.companyId === employees.company.id)).toBe(true);
    expect(company.id).toBe(gen.companies({ start: 3, count: 1 })[0].id);
  });

  it('use the records of quota quotaRecords says, and the API refuses what the client does not check', async () => {
    expect(RELATED_RECORD_QUOTA).toEqual({ company: 1, household: 3, employee: 1 });
    expect(quotaRecords('household', 250)).toBe(750);
    const gen = createGenerator({ seed: 'client-q' });
    const served = Math.min(20, gen.companyAt(0).employees);
    const before = (await client.usage()).used;
    await client.companies({ seed: 'client-q', count: 20 });
    await client.households({ seed: 'client-q', count: 20 });
    await client.employees({ seed: 'client-q', company: 0, count: 20 });
    const after = (await client.usage()).used;
    expect(after - before).toBe(
      quotaRecords('company', 20) + quotaRecords('household', 20) + quotaRecords('employee', served),
    );
    expect(await apiFailure(client.households({ count: 1001 }))).toMatchObject({ code: 'invalid_count', status: 400 });
    expect(await apiFailure(client.companies({ state: 'ZZ' }))).toMatchObject({ code: 'invalid_state', status: 400 });
  });

  it('refuse a bad seed or company index before anything is sent', async () => {
    const before = sent;
    for (const call of [
      client.companies({ seed: '' }),
      client.households({ seed: Number.NaN }),
      client.employees({ seed: ' x', company: 0 }),
    ])
      expect(await apiFailure(call)).toMatchObject({ code: 'invalid_option', param: 'seed', status: 0 });
    for (const company of [
      -1,
      1.5,
      Number.MAX_SAFE_INTEGER + 1,
      '7' as unknown as number,
      undefined as unknown as number,
    ])
      expect(await apiFailure(client.employees({ company }))).toMatchObject({
        code: 'invalid_option',
        param: 'company',
        status: 0,
      });
    expect(sent).toBe(before);
  });
});
