import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  createGenerator,
  defaultBirthIndex,
  defaultCompanyData,
  defaultGeoIndex,
  defaultHouseholdData,
  defaultIndex,
  defaultJobTitles,
  UssynthError,
} from '../../src/index.js';
import type { DemoRequest } from '../../web/src/demo-request.js';
import {
  COMPANY_FIELDS,
  DEMO_COLUMNS,
  demoColumns,
  EMPLOYEE_FIELDS,
  HOUSEHOLD_FIELDS,
  householdHeading,
  MEMBER_FIELDS,
  runDemo,
} from '../../web/src/generate.js';
import { resultFile, resultTables } from '../../web/src/result-file.js';

const base: DemoRequest = { kind: 'batch', seed: 'unit', count: 5, state: undefined, zip: '' };

describe('runDemo', () => {
  it('gives what a fresh Node generator gives for each kind', () => {
    const index = defaultIndex();
    expect(runDemo(index, { ...base, state: 'OR' }).json).toEqual(
      createGenerator({ seed: 'unit' }).batch({ count: 5, state: 'OR' }),
    );
    expect(runDemo(index, { ...base, kind: 'address', count: 1 }).json).toEqual(
      createGenerator({ seed: 'unit' }).address(),
    );
    const eins = createGenerator({ seed: 'unit' });
    expect(runDemo(index, { ...base, kind: 'ein' }).json).toEqual([0, 1, 2, 3, 4].map(() => eins.ein()));
    const phones = createGenerator({ seed: 'unit' });
    expect(runDemo(index, { ...base, kind: 'phone', state: 'GU' }).json).toEqual(
      [0, 1, 2, 3, 4].map(() => phones.phone({ state: 'GU' })),
    );
    expect(runDemo(index, { ...base, kind: 'zip', zip: '96910' }).json).toEqual(
      createGenerator({ seed: 'unit' }).zip('96910'),
    );
  });

  it('reports no seed for a ZIP lookup, which draws nothing at random', () => {
    const lookup = runDemo(defaultIndex(), { ...base, kind: 'zip', seed: undefined, zip: '10001' });
    expect(lookup.seed).toBeUndefined();
    expect(lookup.records).toHaveLength(1);
  });

  it('has rows with exactly the columns the table shows', () => {
    for (const kind of ['address', 'batch', 'ein', 'phone', 'zip'] as const) {
      const result = runDemo(defaultIndex(), { ...base, kind, zip: '10001' });
      const keys = DEMO_COLUMNS[kind].map((c) => c.key);
      for (const record of result.records) expect(Object.keys(record)).toEqual(keys);
    }
  });

  it('with geo gives the Node records with geo, rows with the five columns as text, and needs the geo index', () => {
    const index = defaultIndex();
    const geo = defaultGeoIndex();
    const batch = runDemo(index, { ...base, geo: true }, { geoIndex: geo });
    expect(batch.json).toEqual(createGenerator({ seed: 'unit' }).batch({ count: 5, geo: true }));
    const keys = demoColumns({ kind: 'batch', geo: true }).map((c) => c.key);
    expect(keys.slice(-5)).toEqual(['lat', 'lon', 'county', 'countyFips', 'timeZone']);
    for (const record of batch.records) expect(Object.keys(record)).toEqual(keys);
    expect(batch.records[0].lat).toBe(String((batch.json as { addresses: { lat: number }[] }).addresses[0].lat));
    // A military ZIP's geography is null: an empty cell.
    expect(
      runDemo(index, { ...base, kind: 'zip', zip: '09001', geo: true }, { geoIndex: geo }).records[0],
    ).toMatchObject({
      lat: '',
      county: '',
      timeZone: '',
    });
    expect(() => runDemo(index, { ...base, geo: true })).toThrow(expect.objectContaining({ code: 'geo_unavailable' }));
  });

  it('picks a seed when none is given and reports it', () => {
    const result = runDemo(defaultIndex(), { ...base, seed: undefined });
    expect(result.seed).toMatch(/^\d+$/);
    expect(result.json).toEqual(createGenerator({ seed: result.seed }).batch({ count: 5 }));
  });

  it('gives no rows for an unknown ZIP and throws the library error for a malformed one', () => {
    expect(runDemo(defaultIndex(), { ...base, kind: 'zip', zip: '00000' })).toMatchObject({ records: [], json: null });
    expect(() => runDemo(defaultIndex(), { ...base, kind: 'zip', zip: '123' })).toThrow(UssynthError);
    expect(() => runDemo(defaultIndex(), { ...base, state: 'AE' })).toThrow(
      expect.objectContaining({ code: 'state_not_generatable' }),
    );
  });
});

describe('runDemo for the related kinds', () => {
  // The shipped files, each read when the generator first needs it (as the page fetches them).
  const sources = () => ({
    geoIndex: defaultGeoIndex,
    birthIndex: defaultBirthIndex,
    companyData: defaultCompanyData,
    householdData: defaultHouseholdData,
    jobTitles: defaultJobTitles,
  });

  it('companies: the Node records in the API shape, rows of every field as text, the CSV every field', () => {
    const result = runDemo(defaultIndex(), { ...base, kind: 'company', count: 7, state: 'OH' }, sources());
    const companies = createGenerator({ seed: 'unit' }).companies({ count: 7, state: 'OH' });
    expect(result.json).toEqual({ count: 7, companies });
    for (const company of companies) expect(Object.keys(company)).toEqual([...COMPANY_FIELDS]);
    expect(result.records[0]).toEqual(
      Object.fromEntries(COMPANY_FIELDS.map((key) => [key, String(companies[0][key] ?? '')])),
    );
    const [csv] = resultTables(result);
    expect(csv.table).toBe('companies');
    const rows = parse(csv.text, { columns: true }) as Record<string, string>[];
    expect(rows).toEqual(result.records);
    // The JSON: the API's answer, one company per line.
    const json = resultFile(result, 'json');
    expect(JSON.parse(json)).toEqual(result.json);
    expect(json.split('\n')).toHaveLength(7 + 3);
  });

  it('households: members in groups under a heading of what they share, two CSV tables joined by householdId', () => {
    const result = runDemo(defaultIndex(), { ...base, kind: 'household', count: 6 }, sources());
    const households = createGenerator({ seed: 'unit' }).households({ count: 6 });
    expect(result.json).toEqual({ count: 6, households });
    expect(result.groups!.map((group) => group.records.length)).toEqual(households.map((h) => h.size));
    expect(result.records).toEqual(result.groups!.flatMap((group) => group.records));
    for (const [i, household] of households.entries()) {
      expect(Object.keys(household)).toEqual([...HOUSEHOLD_FIELDS, 'members']);
      for (const member of household.members) expect(Object.keys(member)).toEqual([...MEMBER_FIELDS]);
      expect(result.groups![i].heading).toBe(householdHeading(household));
      expect(result.groups![i].heading).toContain(`${household.city}, ${household.state} ${household.zip}`);
      expect(result.groups![i].heading).toContain(`landline ${household.phone}`);
    }
    const [parents, people] = resultTables(result);
    expect([parents.table, people.table]).toEqual(['households', 'people']);
    const parentRows = parse(parents.text, { columns: true }) as Record<string, string>[];
    const peopleRows = parse(people.text, { columns: true }) as Record<string, string>[];
    expect(Object.keys(parentRows[0])).toEqual([...HOUSEHOLD_FIELDS]);
    expect(parentRows.map((row) => row.id)).toEqual(households.map((h) => h.id));
    expect(peopleRows).toEqual(result.records);
    expect(JSON.parse(resultFile(result, 'json'))).toEqual(result.json);
  });

  it('employees: the company and its employees, cut at the headcount, and two CSV tables joined by companyId', () => {
    const node = createGenerator({ seed: 'unit' });
    const company = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((i) => node.companyAt(i).employees < 20)!;
    const result = runDemo(defaultIndex(), { ...base, kind: 'employee', company, count: 20 }, sources());
    const employer = node.companyAt(company);
    const employees = node.employees({ company, count: 20 });
    expect(employees).toHaveLength(employer.employees);
    expect(result.json).toEqual({ count: employer.employees, company: employer, employees });
    expect(result.company).toEqual(employer);
    for (const employee of employees) {
      expect(Object.keys(employee)).toEqual([...EMPLOYEE_FIELDS]);
      expect(employee.email.endsWith(`@${employer.domain}`)).toBe(true);
    }
    const [parent, people] = resultTables(result);
    expect([parent.table, people.table]).toEqual(['companies', 'employees']);
    expect((parse(parent.text, { columns: true }) as Record<string, string>[]).map((row) => row.id)).toEqual([
      employer.id,
    ]);
    expect(parse(people.text, { columns: true })).toEqual(result.records);
    expect(JSON.parse(resultFile(result, 'json'))).toEqual(result.json);
  });

  it("needs each kind's data: the library's error without it", () => {
    expect(() => runDemo(defaultIndex(), { ...base, kind: 'company' }, { geoIndex: defaultGeoIndex() })).toThrow(
      expect.objectContaining({ code: 'companies_unavailable' }),
    );
  });
});
