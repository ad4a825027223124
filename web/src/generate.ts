import {
  createGenerator,
  parseFieldList,
  type Company,
  type DataIndex,
  type Employee,
  type GeneratorOptions,
  type Household,
  type HouseholdMember,
} from '../../src/browser.js';
import type { DemoKind, DemoRequest } from './demo-request.js';

/** A column of the results table and of the CSV: the record's key and its heading. */
export interface DemoColumn {
  key: string;
  label: string;
}

/** Columns per kind, in the order of the service interface's resource fields. */
export const DEMO_COLUMNS: Readonly<Record<DemoKind, readonly DemoColumn[]>> = {
  address: addressColumns(),
  batch: addressColumns(),
  ein: [{ key: 'ein', label: 'EIN' }],
  phone: [
    { key: 'phone', label: 'Phone' },
    { key: 'intl', label: 'International' },
  ],
  zip: [
    { key: 'zip', label: 'ZIP' },
    { key: 'state', label: 'State' },
    { key: 'stateFull', label: 'State name' },
    { key: 'city', label: 'City' },
  ],
  // The table shows what a reader compares; the CSV and JSON have every field (COMPANY_FIELDS...).
  company: [
    { key: 'name', label: 'Name' },
    { key: 'ein', label: 'EIN' },
    { key: 'naics', label: 'NAICS' },
    { key: 'naicsTitle', label: 'Industry' },
    { key: 'line1', label: 'Street' },
    { key: 'line2', label: 'Suite' },
    { key: 'city', label: 'City' },
    { key: 'state', label: 'State' },
    { key: 'zip', label: 'ZIP' },
    { key: 'phone', label: 'Phone' },
    { key: 'website', label: 'Website' },
    { key: 'email', label: 'Email' },
    { key: 'employees', label: 'Employees' },
    { key: 'founded', label: 'Founded' },
    { key: 'incorporationState', label: 'Incorporated in' },
  ],
  // A household's members, under a heading row with the address and landline they share.
  household: [
    { key: 'relationship', label: 'Relationship' },
    { key: 'name', label: 'Name' },
    { key: 'sex', label: 'Sex' },
    { key: 'birthDate', label: 'Birth date' },
    { key: 'phone', label: 'Mobile' },
    { key: 'email', label: 'Email' },
  ],
  employee: [
    { key: 'title', label: 'Title' },
    { key: 'name', label: 'Name' },
    { key: 'sex', label: 'Sex' },
    { key: 'birthDate', label: 'Birth date' },
    { key: 'street', label: 'Home street' },
    { key: 'city', label: 'City' },
    { key: 'state', label: 'State' },
    { key: 'zip', label: 'ZIP' },
    { key: 'phone', label: 'Mobile' },
    { key: 'email', label: 'Work email' },
  ],
};

/** A company's fields, in the record's order: the columns of the companies CSV. */
export const COMPANY_FIELDS = [
  'id',
  'name',
  'legalForm',
  'ein',
  'naics',
  'naicsTitle',
  'npi',
  'line1',
  'line2',
  'city',
  'state',
  'zip',
  'lat',
  'lon',
  'county',
  'countyFips',
  'timeZone',
  'phone',
  'domain',
  'website',
  'email',
  'employees',
  'founded',
  'incorporationState',
] as const satisfies readonly (keyof Company)[];

/** A household's own fields (its members are the people table): the columns of the households CSV. */
export const HOUSEHOLD_FIELDS = [
  'id',
  'street',
  'line1',
  'line2',
  'city',
  'state',
  'zip',
  'phone',
  'size',
  'type',
] as const satisfies readonly (keyof Household)[];

/** A household member's fields: the columns of the people CSV. */
export const MEMBER_FIELDS = [
  'id',
  'householdId',
  'relationship',
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
] as const satisfies readonly (keyof HouseholdMember)[];

/** An employee's fields: the columns of the employees CSV. */
export const EMPLOYEE_FIELDS = [
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
] as const satisfies readonly (keyof Employee)[];

function addressColumns(): DemoColumn[] {
  return [
    { key: 'name', label: 'Name' },
    { key: 'street', label: 'Street' },
    { key: 'city', label: 'City' },
    { key: 'state', label: 'State' },
    { key: 'zip', label: 'ZIP' },
    { key: 'phone', label: 'Phone' },
    { key: 'email', label: 'Email' },
    { key: 'country', label: 'Country' },
  ];
}

/** The columns `geo` adds after the others. */
export const GEO_DEMO_COLUMNS: readonly DemoColumn[] = [
  { key: 'lat', label: 'Latitude' },
  { key: 'lon', label: 'Longitude' },
  { key: 'county', label: 'County' },
  { key: 'countyFips', label: 'County FIPS' },
  { key: 'timeZone', label: 'Time zone' },
];

/**
 * The columns of a request's result: its kind's, and the geographic ones with geo.
 * @example demoColumns({ kind: 'batch', geo: true, ... }).length // 13
 */
export function demoColumns(request: Pick<DemoRequest, 'kind' | 'geo' | 'fields'>): readonly DemoColumn[] {
  // With fields, the columns are the names asked for, as the CLI's header.
  if (request.fields !== undefined)
    return parseFieldList(request.fields).map(({ column }) => ({ key: column, label: column }));
  return request.geo ? [...DEMO_COLUMNS[request.kind], ...GEO_DEMO_COLUMNS] : DEMO_COLUMNS[request.kind];
}

// Table and CSV cells are text: numbers (lat, lon) as JavaScript writes them, null (a military ZIP's geography) as empty.
function rowOf(record: object): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

/** Households' members in groups, one per household, under a heading with what they share. */
export interface DemoGroup {
  /** "12 Oak St, Apt 4, Salem, OR 97301 · landline (503) 555-0142 · family, 3 people" */
  heading: string;
  /** The members as table rows. */
  records: Record<string, string>[];
}

/** What one generation produced. */
export interface DemoResult {
  /** The request as run (its count possibly trimmed by the free tier). */
  request: DemoRequest;
  /**
   * The seed used, given or picked: enough to reproduce the result. Undefined for a ZIP lookup, which reads the
   * index and draws nothing at random, so no seed is picked or shown.
   */
  seed: string | undefined;
  /** The records as table rows (empty for an unknown ZIP). */
  records: Record<string, string>[];
  /** The result in the service interface's shapes, as copied and downloaded. */
  json: unknown;
  /** Households: the rows of `records` grouped by household (`records` is every member, in order). */
  groups?: DemoGroup[];
  /** Employees: their company, generated as `companyAt(company, { state })`. */
  company?: Company;
}

/**
 * The data a generator reads besides the main index: the geo and birth indexes and the related-record makers' files,
 * each passed only once the page has loaded it.
 */
export type DemoSources = Omit<GeneratorOptions, 'seed' | 'emailDomain' | 'fictionalPhones' | 'geo'>;

/**
 * A household's heading: the address and landline its members share, its type and size.
 * @example householdHeading(household) // "12 Oak St, Salem, OR 97301 · landline (503) 555-0142 · family, 3 people"
 */
export function householdHeading(household: Household): string {
  const street = household.line2 === '' ? household.line1 : `${household.line1}, ${household.line2}`;
  const people = household.size === 1 ? '1 person' : `${household.size} people`;
  return `${street}, ${household.city}, ${household.state} ${household.zip} · landline ${household.phone} · ${household.type}, ${people}`;
}

/**
 * Runs a request on a fresh generator, so a seed and options give exactly
 * what `createGenerator({ seed }).batch(...)` (and so on) gives in Node:
 * `address` is `address({state})`, `batch` is `batch({count, state})`,
 * `ein`/`phone` are `count` calls of `ein()`/`phone({state})` and `zip` is
 * `zip(code)` (which has no seed), each with `geo` when the request has it (then `geoIndex` is needed), and
 * `address`/`batch` with `fields` when it has them (`geoIndex` for geo fields,
 * `birthIndex` for birthDate); `company` is `companies({ count, state })`,
 * `household` is `households({ count, state })` and `employee` is
 * `employees({ company, count, state })` with the company
 * `companyAt(company, { state })`, each reading the sources it needs.
 * Throws the library's UssynthError for bad input.
 * @example runDemo(index, { kind: 'batch', seed: '42', count: 10, state: 'CA', zip: '' }).records.length // 10
 */
export function runDemo(index: DataIndex, request: DemoRequest, sources: DemoSources = {}): DemoResult {
  const generator = createGenerator(
    request.seed === undefined ? { index, ...sources } : { index, ...sources, seed: request.seed },
  );
  const state = request.state;
  const geo = request.geo === true;
  const seed = generator.seed;
  const fields = request.fields;
  if (fields !== undefined && request.kind === 'address') {
    const record = generator.address({ state, fields });
    return { request, seed, records: [rowOf(record)], json: record };
  }
  if (fields !== undefined && request.kind === 'batch') {
    const batch = generator.batch({ count: request.count, state, fields });
    return { request, seed, records: batch.addresses.map(rowOf), json: batch };
  }
  switch (request.kind) {
    case 'address': {
      const address = generator.address({ state, geo });
      return { request, seed, records: [rowOf(address)], json: address };
    }
    case 'batch': {
      const batch = generator.batch({ count: request.count, state, geo });
      return { request, seed, records: batch.addresses.map(rowOf), json: batch };
    }
    case 'ein': {
      const eins = Array.from({ length: request.count }, () => generator.ein());
      return { request, seed, records: eins.map((e) => ({ ...e })), json: eins };
    }
    case 'phone': {
      const phones = Array.from({ length: request.count }, () => generator.phone({ state }));
      return { request, seed, records: phones.map((p) => ({ ...p })), json: phones };
    }
    case 'zip': {
      const found = generator.zip(request.zip, { geo });
      return { request, seed: undefined, records: found ? [rowOf(found)] : [], json: found };
    }
    case 'company': {
      const companies = generator.companies({ count: request.count, state });
      return { request, seed, records: companies.map(rowOf), json: { count: companies.length, companies } };
    }
    case 'household': {
      const households = generator.households({ count: request.count, state });
      const groups = households.map((household) => ({
        heading: householdHeading(household),
        records: household.members.map(rowOf),
      }));
      const json = { count: households.length, households };
      return { request, seed, records: groups.flatMap((group) => group.records), groups, json };
    }
    case 'employee': {
      const index = request.company ?? 0;
      const company = generator.companyAt(index, { state });
      const employees = generator.employees({ company: index, count: request.count, state });
      const json = { count: employees.length, company, employees };
      return { request, seed, records: employees.map(rowOf), company, json };
    }
  }
}
