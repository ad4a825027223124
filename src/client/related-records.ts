import type { Company, Employee, Household } from '../public-api.js';

/**
 * Options of `companies` and `households`: records `start .. start+count-1` of the seed's stream of `state`.
 * @example const page: RelatedPageOptions = { seed: 'fixtures-v1', count: 100, state: 'TX' }
 */
export interface RelatedPageOptions {
  /** Seed of the stream; without it the API picks one (its `X-Ussynth-Seed` header). Numbers count as their `String()`. */
  seed?: string | number;
  /** Number of records, 1..1000 (default 10), checked by the API. */
  count?: number;
  /** First record, default 0. */
  start?: number;
  /** Two-letter state, DC or territory code. */
  state?: string;
  /** Phones in the fictional 555-0100..555-0199 range (the library's `fictionalPhones`). */
  fictional?: boolean;
  /** Cancels the request and any wait. */
  signal?: AbortSignal;
}

/**
 * Options of `employees`: the company `company` of the seed's company stream of `state` (its index, as in
 * `companies({ start: company, count: 1 })`) and its employees `start .. start+count-1`, cut to its headcount.
 * @example const page: EmployeesOptions = { seed: 'fixtures-v1', company: 7, count: 250 }
 */
export interface EmployeesOptions extends RelatedPageOptions {
  /** The company's index in the seed's company stream of `state`. */
  company: number;
}

/**
 * GET /v1/companies's answer: `count` equals `companies.length`.
 * @example const { companies } = await client.companies({ seed: 1, count: 5 })
 */
export interface CompaniesResult {
  count: number;
  companies: Company[];
}

/**
 * GET /v1/households's answer, each household with its `members`: `count` equals `households.length`.
 * @example const { households } = await client.households({ seed: 1, count: 5 })
 */
export interface HouseholdsResult {
  count: number;
  households: Household[];
}

/**
 * GET /v1/companies/{index}/employees's answer: the company and its employees asked for, cut to its headcount
 * (`count` equals `employees.length`, at most the count asked).
 * @example const { company, employees } = await client.employees({ seed: 1, company: 0, count: 50 })
 */
export interface EmployeesResult {
  count: number;
  company: Company;
  employees: Employee[];
}
