import { describe, expect, it } from 'vitest';
import { generatorFor } from '../../src/create-generator.js';
import {
  COMMUTE_KM,
  createGenerator,
  DEFAULT_BIRTH_INDEX_PATH,
  DEFAULT_COMPANY_DATA_PATH,
  DEFAULT_GEO_INDEX_PATH,
  defaultIndex,
  greatCircleKm,
  JobTitles,
  MAX_PAGE,
  UssynthError,
  type Company,
  type Employee,
} from '../../src/index.js';
import { readFileSync } from 'node:fs';
import { readDelimited } from '../../pipeline/extract/read-delimited.js';
import { phoneLocalityProblem } from '../fixtures/phone-locality.js';

const gen = createGenerator({ seed: 42 });
const DATASETS = new URL('../../datasets/', import.meta.url).pathname;
// The vendored table, read here from datasets/ (the generator reads the compiled dist-data file).
const TITLES = readDelimited(DATASETS, 'bls-oews-sector-titles/titles-by-sector.csv', {
  delimiter: ',',
  columns: ['sector', 'soc', 'occupation', 'title', 'employment'],
  quoting: true,
}).map((r) => r.fields);

/** The sector of a six-digit NAICS code as the titles table writes it. */
function sectorOf(naics: string): string {
  const two = naics.slice(0, 2);
  return two >= '31' && two <= '33'
    ? '31-33'
    : two === '44' || two === '45'
      ? '44-45'
      : two === '48' || two === '49'
        ? '48-49'
        : two;
}

/** Companies 0, 1, 2, ... of a stream with all their employees, until at least `wanted` employees. */
function workforce(wanted: number, state?: string): { company: Company; employees: Employee[] }[] {
  const out: { company: Company; employees: Employee[] }[] = [];
  let made = 0;
  for (let i = 0; made < wanted; i++) {
    const company = gen.companyAt(i, { state });
    const employees = gen.employees({ company: i, count: MAX_PAGE, state });
    out.push({ company, employees });
    made += employees.length;
  }
  return out;
}

describe('employees of 32,000+ people across many companies (issue 49, items 3 and 6)', () => {
  const sample = [...workforce(24_000), ...workforce(8_000, 'WY')];
  const people = sample.flatMap((s) => s.employees);

  it('number over 32,000 and every company gives exactly its headcount', () => {
    expect(people.length).toBeGreaterThanOrEqual(32_000);
    expect(sample.filter((s) => s.employees.length !== s.company.employees)).toEqual([]);
    expect(new Set(sample.map((s) => s.company.countyFips)).size).toBeGreaterThan(300);
  });

  it(`live within commuting distance: the company's county or at most ${COMMUTE_KM} km from its point (0 misses)`, () => {
    const misses = sample.flatMap(({ company, employees }) =>
      employees.flatMap((e) => {
        const home = gen.zip(e.zip, { geo: true })!;
        if (home.countyFips === company.countyFips) return [];
        const km = greatCircleKm(company.lat, company.lon, home.lat!, home.lon!);
        return km <= COMMUTE_KM ? [] : [`${company.zip} -> ${e.zip}: ${km.toFixed(1)} km, another county`];
      }),
    );
    expect(misses).toEqual([]);
  });

  it('live in the county about 3 times in 4, and some in another county or state', () => {
    let sameCounty = 0;
    let otherState = 0;
    for (const { company, employees } of sample) {
      for (const e of employees) {
        if (gen.zip(e.zip, { geo: true })!.countyFips === company.countyFips) sameCounty++;
        if (e.state !== company.state) otherState++;
      }
    }
    // 3 in 4 drawn in the county, and some of the rest of the draws fall in it too.
    expect(sameCounty / people.length).toBeGreaterThan(0.75);
    expect(sameCounty / people.length).toBeLessThan(0.95);
    expect(otherState).toBeGreaterThan(0);
  });

  it("have a work e-mail first.last at the company's domain, unique within the company (0 misses)", () => {
    const misses = sample.flatMap(({ company, employees }) => {
      const seen = new Set<string>();
      return employees.flatMap((e) => {
        const problems: string[] = [];
        if (e.email.slice(e.email.indexOf('@') + 1) !== company.domain)
          problems.push(`${e.email}: not @${company.domain}`);
        if (!/^[a-z]+\.[a-z]+(\d+|\.\d+)?@/.test(e.email)) problems.push(`${e.email}: not first.last`);
        if (seen.has(e.email)) problems.push(`${e.email}: twice in ${company.name}`);
        seen.add(e.email);
        return problems;
      });
    });
    expect(misses).toEqual([]);
  });

  it("carry the company's id, a UUID of their own (unique), and a phone local to the home ZIP (0 misses)", () => {
    const misses = sample.flatMap(({ company, employees }) =>
      employees.flatMap((e) => [
        ...(e.companyId === company.id ? [] : [`${e.id}: companyId ${e.companyId}, not ${company.id}`]),
        ...(phoneLocalityProblem(e) === undefined ? [] : [`${e.id}: ${phoneLocalityProblem(e)}`]),
      ]),
    );
    expect(misses).toEqual([]);
    const ids = new Set([...people.map((e) => e.id), ...sample.map((s) => s.company.id)]);
    expect(ids.size).toBe(people.length + sample.length);
    expect(
      people.every((e) => /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(e.id)),
    ).toBe(true);
  });

  it('have a title of their sector (as vendored), executives rarer than staff', () => {
    const bySector = new Map<string, Set<string>>();
    for (const [sector, , , title] of TITLES) bySector.set(sector, (bySector.get(sector) ?? new Set()).add(title));
    const misses = sample.flatMap(({ company, employees }) =>
      employees.flatMap((e) =>
        bySector.get(sectorOf(company.naics))?.has(e.title) ? [] : [`${company.naics}: ${e.title}`],
      ),
    );
    expect(misses).toEqual([]);
    const chiefs = people.filter((e) => e.title === 'Chief Executive Officer').length;
    expect(chiefs / people.length).toBeLessThan(0.02);
  });

  it('are adults of working age (18 to 69 on 2022-12-31) with names and sex that agree', () => {
    const misses = people.flatMap((e) => {
      // On 31 December every birthday of the year is past: the age is the difference of the years.
      const age = 2022 - Number(e.birthDate.slice(0, 4));
      return [
        ...(age >= 18 && age <= 69 && /^\d{4}-\d{2}-\d{2}$/.test(e.birthDate) ? [] : [`${e.birthDate}: age ${age}`]),
        ...(e.name === `${e.firstName} ${e.lastName}` ? [] : [`${e.name}: not ${e.firstName} ${e.lastName}`]),
        ...(e.sex === 'F' || e.sex === 'M' ? [] : [`sex ${e.sex}`]),
        ...(e.country === 'United States' ? [] : [e.country]),
      ];
    });
    expect(misses).toEqual([]);
    const ages = people.map((e) => 2022 - Number(e.birthDate.slice(0, 4)));
    expect(Math.min(...ages)).toBe(18);
    expect(Math.max(...ages)).toBe(69);
  });

  it('keep the fields in the documented order', () => {
    expect(Object.keys(people[0])).toEqual([
      'id',
      'companyId',
      'title',
      'name',
      'firstName',
      'lastName',
      'sex',
      'birthDate',
      'street',
      'city',
      'state',
      'zip',
      'phone',
      'email',
      'country',
    ]);
  });
});

describe('random access and determinism', () => {
  const big = (() => {
    for (let i = 0; ; i++) if (gen.companyAt(i).employees >= 2500) return i;
  })();

  it('gives the same employees for any page split, and employee j alone equals its page element', () => {
    const whole = gen.employees({ company: big, count: 2500 });
    const split = [0, 1, 700, 1023, 1024, 1025, 2047, 2049].flatMap((start, k, starts) =>
      gen.employees({ company: big, start, count: (starts[k + 1] ?? 2500) - start }),
    );
    expect(split).toEqual(whole);
    for (const j of [2499, 0, 1500, 1024, 1023, 3]) expect(gen.employeeAt(big, j)).toEqual(whole[j]);
    // A fresh generator, straight to one employee of the middle of a bucket.
    expect(createGenerator({ seed: 42 }).employeeAt(big, 1800)).toEqual(whole[1800]);
  });

  it('has companyId equal to companyAt(company).id, in every state stream', () => {
    expect(gen.employeeAt(5, 0, { state: 'ca' }).companyId).toBe(gen.companyAt(5, { state: 'CA' }).id);
    expect(gen.employeeAt(5, 0).companyId).toBe(gen.companyAt(5).id);
    expect(gen.employeeAt(5, 0).id).not.toBe(gen.employeeAt(5, 0, { state: 'CA' }).id);
  });

  it('is the same from the same seed and differs with another seed', () => {
    const a = createGenerator({ seed: 'e1' }).employees({ company: 9, count: 20 });
    const b = createGenerator({ seed: 'e1' }).employees({ company: 9, count: 20 });
    const c = createGenerator({ seed: 'e2' }).employees({ company: 9, count: 20 });
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
  });

  it('cuts a range past the headcount, and gives [] for count 0 or a start past it', () => {
    const size = gen.companyAt(0).employees;
    expect(gen.employees({ company: 0, count: size + 10 })).toHaveLength(size);
    expect(gen.employees({ company: 0, start: size, count: 10 })).toEqual([]);
    expect(gen.employees({ company: 0, count: 0 })).toEqual([]);
  });

  it('leaves the address records as they were', () => {
    const before = createGenerator({ seed: 42 }).addresses({ count: 5 });
    const g = createGenerator({ seed: 42 });
    g.employees({ company: 1, count: 50 });
    expect(g.addresses({ count: 5 })).toEqual(before);
  });
});

describe('bad input', () => {
  const code = (f: () => unknown): string | undefined => {
    try {
      f();
    } catch (error) {
      return error instanceof UssynthError ? `${error.code} ${error.param}` : String(error);
    }
    return undefined;
  };

  it('names the problem with a typed error', () => {
    const size = gen.companyAt(0).employees;
    expect(code(() => gen.employeeAt(-1, 0))).toBe('invalid_index company');
    expect(code(() => gen.employeeAt(1.5, 0))).toBe('invalid_index company');
    expect(code(() => gen.employeeAt(0, size))).toBe('invalid_index index');
    expect(code(() => gen.employeeAt(0, -1))).toBe('invalid_index index');
    expect(code(() => gen.employeeAt(0, 0, { state: 'XX' }))).toBe('invalid_state state');
    expect(code(() => gen.employeeAt(0, 0, { state: 'AE' }))).toBe('state_not_generatable state');
    expect(code(() => gen.employees({ company: 0, count: -1 }))).toBe('invalid_count count');
    expect(code(() => gen.employees({ company: 0, count: MAX_PAGE + 1 }))).toBe('invalid_count count');
    expect(code(() => gen.employees({ company: 0, count: 1, start: -3 }))).toBe('invalid_index start');
    expect(code(() => gen.employees({ company: 0, count: 2, start: Number.MAX_SAFE_INTEGER }))).toBe(
      'invalid_index start',
    );
    expect(code(() => gen.employees({ company: Number.NaN, count: 1 }))).toBe('invalid_index company');
    expect(code(() => gen.employees({ company: 0, count: 1, state: 'zz' }))).toBe('invalid_state state');
    expect(() => gen.employeeAt(0, size)).toThrow(`past company 0's headcount: it has ${size} employees`);
  });

  it('says job titles are missing when a generator over given bytes has none, and checks a given file', () => {
    const bytes = {
      geoIndex: readFileSync(DEFAULT_GEO_INDEX_PATH),
      birthIndex: readFileSync(DEFAULT_BIRTH_INDEX_PATH),
      companyData: readFileSync(DEFAULT_COMPANY_DATA_PATH),
    };
    const without = generatorFor(defaultIndex(), { seed: 1, ...bytes });
    expect(code(() => without.employeeAt(0, 0))).toBe('job_titles_unavailable undefined');
    const titles = JobTitles.fromBytes({ datasetVersion: 'other', sectors: { '11': [['Farmer', 1]] } });
    expect(code(() => generatorFor(defaultIndex(), { seed: 1, ...bytes, jobTitles: titles }).employeeAt(0, 0))).toBe(
      'invalid_index_file undefined',
    );
    expect(code(() => JobTitles.fromBytes('{'))).toBe('invalid_index_file undefined');
    expect(code(() => JobTitles.fromBytes({ datasetVersion: 'x', sectors: { '11': [['Farmer', 0]] } }))).toBe(
      'invalid_index_file undefined',
    );
  });
});
