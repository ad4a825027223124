import type {
  Address,
  AddressWithGeo,
  BatchResult,
  BatchWithGeo,
  EinResult,
  PhoneResult,
  ZipLookupResult,
  ZipLookupWithGeo,
} from '../types.js';
import type { FieldList, FieldRecord } from '../fields/field-list.js';
import {
  addressPages,
  einPages,
  fieldsQuery,
  phonePages,
  type AddressesOptions,
  type AddressPage,
  type EinPage,
  type FieldsPage,
  type PhonePage,
  type PhonesOptions,
  type RangeOptions,
} from './record-pages.js';
import type {
  CompaniesResult,
  EmployeesOptions,
  EmployeesResult,
  HouseholdsResult,
  RelatedPageOptions,
} from './related-records.js';
import { invalidOption, UssynthApiError } from './api-error.js';
import type { AccountSla } from './account-sla.js';
import { apiGet, type Query } from './api-request.js';
import { type ClientOptions, resolveClientOptions, seedOption, wholeNumberOption } from './client-options.js';

/**
 * What every call takes: a signal that cancels it (the request and any wait).
 * @example await client.ein({ seed: 42, signal: AbortSignal.timeout(5000) })
 */
export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * Seed option of the single-record calls: without it the API picks a seed
 * (in its `X-Ussynth-Seed` header) and every call is a new stream.
 * @example await client.address({ seed: 'fixtures-v1', state: 'CA' })
 */
export interface SeedOption {
  /** Seed of the stream; numbers count as their `String()`. */
  seed?: string | number;
}

/**
 * The typed client of the REST API `/v1`. Every method resolves with the
 * API's body, typed as the library's records, or rejects with
 * UssynthApiError (or the signal's reason when cancelled).
 * @example const client = createClient({ baseUrl: 'https://api.example.com', apiKey }); await client.batch({ seed: 42, count: 100 })
 */
export interface UssynthClient {
  /** GET /v1/address: record 0 of the seed's address stream; `fictional` for 555-01NN phones, `geo` for lat, lon, county, countyFips and timeZone, `fields` for those fields only (`field` or `column=field`, typed by the fields asked). */
  address<const F extends FieldList>(
    options: SeedOption & { state?: string; fictional?: boolean; fields: F } & CallOptions,
  ): Promise<FieldRecord<F>>;
  address(
    options: SeedOption & { state?: string; fictional?: boolean; geo: true } & CallOptions,
  ): Promise<AddressWithGeo>;
  address(
    options?: SeedOption & { state?: string; fictional?: boolean; geo?: boolean } & CallOptions,
  ): Promise<Address>;
  /** GET /v1/batch: `count` (1..1000, default 10) addresses from record `start` (default 0); `geo` and `fields` as for `address`. */
  batch<const F extends FieldList>(
    options: SeedOption & {
      count?: number;
      start?: number;
      state?: string;
      fictional?: boolean;
      fields: F;
    } & CallOptions,
  ): Promise<{ count: number; addresses: FieldRecord<F>[] }>;
  batch(
    options: SeedOption & {
      count?: number;
      start?: number;
      state?: string;
      fictional?: boolean;
      geo: true;
    } & CallOptions,
  ): Promise<BatchWithGeo>;
  batch(
    options?: SeedOption & {
      count?: number;
      start?: number;
      state?: string;
      fictional?: boolean;
      geo?: boolean;
    } & CallOptions,
  ): Promise<BatchResult>;
  /** GET /v1/ein: record 0 of the seed's EIN stream. */
  ein(options?: SeedOption & CallOptions): Promise<EinResult>;
  /** GET /v1/phone: record 0 of the seed's phone stream of `state`; `fictional` for 555-01NN numbers. */
  phone(options?: SeedOption & { state?: string; fictional?: boolean } & CallOptions): Promise<PhoneResult>;
  /** GET /v1/zip/{zip}: the ZIP's state and city, or null for a well-formed ZIP that does not exist (as the library's `zip()`). */
  zip(zip: string, options: { geo: true } & CallOptions): Promise<ZipLookupWithGeo | null>;
  zip(zip: string, options?: { geo?: boolean } & CallOptions): Promise<ZipLookupResult | null>;
  /** Any number of addresses, in order: pages of /v1/batch fetched a few at a time. Equals the library's `addresses()` for the seed (with `geo: true`, records are AddressWithGeo). */
  addresses<const F extends FieldList>(options: AddressesOptions & { fields: F }): Promise<FieldRecord<F>[]>;
  addresses(options: AddressesOptions): Promise<Address[]>;
  /** The same records as `addresses`, yielded page by page as they arrive in order, with memory bounded for any count. */
  addressPages<const F extends FieldList>(
    options: AddressesOptions & { fields: F },
  ): AsyncGenerator<FieldsPage<F>, void, undefined>;
  addressPages(options: AddressesOptions): AsyncGenerator<AddressPage, void, undefined>;
  /** Any number of EINs, in order, paged over /v1/eins: the library's `einAt(start..)` for the seed. */
  eins(options: RangeOptions): Promise<EinResult[]>;
  /** The same EINs page by page. */
  einPages(options: RangeOptions): AsyncGenerator<EinPage, void, undefined>;
  /** Any number of phone numbers, in order, paged over /v1/phones: the library's `phoneAt(start.., { state, fictional })`. */
  phones(options: PhonesOptions): Promise<PhoneResult[]>;
  /** The same phone numbers page by page. */
  phonePages(options: PhonesOptions): AsyncGenerator<PhonePage, void, undefined>;
  /** GET /v1/companies: `count` (1..1000, default 10) companies from record `start` (default 0) of the seed's company stream of `state` (`fictional` for 555-01NN phones); 1 record of quota each (`quotaRecords('company', count)`). */
  companies(options?: RelatedPageOptions): Promise<CompaniesResult>;
  /** GET /v1/households: `count` (1..1000, default 10) households with their `members` from record `start`; 3 records of quota each, whatever their size (`quotaRecords('household', count)`). */
  households(options?: RelatedPageOptions): Promise<HouseholdsResult>;
  /** GET /v1/companies/{company}/employees: the company and its employees `start..start+count-1` (count 1..1000, default 10), cut to its headcount; 1 record of quota per employee answered. */
  employees(options: EmployeesOptions): Promise<EmployeesResult>;
  /** GET /v1/sla: the account's measured availability this month and last, its objective and the credit owed (costs no quota). */
  sla(options?: CallOptions): Promise<AccountSla>;
  /** GET /v1/usage: the key's account's plan and this month's records against its quota (costs no quota). */
  usage(options?: CallOptions): Promise<UsageSummary>;
}

/**
 * The key's account's usage, as GET /v1/usage answers: the plan (`none`: calls answer 402), this month's records
 * against the quota, the requests refused this month and the last 30 days.
 * @example const { remaining, quota } = await client.usage(); if (remaining < 5000) throw new Error(`only ${remaining} of ${quota} left`);
 */
export interface UsageSummary {
  plan: 'none' | 'standard' | 'pro' | 'enterprise';
  /** Requests per second. */
  rate: number;
  /** Calendar month (UTC), YYYY-MM. */
  month: string;
  /** Records used this month. */
  used: number;
  /** Records per month. */
  quota: number;
  /** Records left this month. */
  remaining: number;
  /** When the quota starts again (ISO time). */
  resetsAt: string;
  /** Requests refused this month, by reason. */
  refused: { rate_limited: number; quota_exceeded: number; subscription_required: number };
  /** The last 30 UTC days, oldest first. */
  days: { day: string; records: number; rateLimited: number; quotaExceeded: number; subscriptionRequired: number }[];
  /** The quota e-mails: whether the owners get them, at which percentages, and which were sent this month. */
  quotaNotices: { enabled: boolean; thresholds: number[]; sent: number[] };
}

/**
 * Creates a client of the REST API. Options are checked at once
 * (`invalid_option` naming the bad one); nothing is sent until a call.
 * @example
 * import { createClient } from 'ussynth/client';
 * const client = createClient({ baseUrl: 'https://api.example.com', apiKey: process.env.USSYNTH_API_KEY! });
 * const rows = await client.addresses({ seed: 'fixtures-v1', count: 25_000, state: 'TX' });
 */
export function createClient(options: ClientOptions): UssynthClient {
  const resolved = resolveClientOptions(options);
  // A bad seed is refused before anything is sent; the API checks everything else.
  const get = async <T>(path: string, query: Query, signal: AbortSignal | undefined): Promise<T> =>
    apiGet<T>(resolved, path, { ...query, seed: seedOption(query.seed) }, signal);
  return {
    // One implementation for both overloads: the API's body is the record the options asked for.
    address: (({
      seed,
      state,
      fictional,
      geo,
      fields,
      signal,
    }: SeedOption & { state?: string; fictional?: boolean; geo?: boolean; fields?: FieldList } & CallOptions = {}) =>
      get<Address>(
        'v1/address',
        { seed, state, fictional, geo, fields: fieldsQuery(fields) },
        signal,
      )) as UssynthClient['address'],
    batch: (({
      seed,
      count,
      start,
      state,
      fictional,
      geo,
      fields,
      signal,
    }: SeedOption & {
      count?: number;
      start?: number;
      state?: string;
      fictional?: boolean;
      geo?: boolean;
      fields?: FieldList;
    } & CallOptions = {}) =>
      get<BatchResult>(
        'v1/batch',
        { seed, count, start, state, fictional, geo, fields: fieldsQuery(fields) },
        signal,
      )) as UssynthClient['batch'],
    ein: ({ seed, signal } = {}) => get<EinResult>('v1/ein', { seed }, signal),
    phone: ({ seed, state, fictional, signal } = {}) =>
      get<PhoneResult>('v1/phone', { seed, state, fictional }, signal),
    zip: (async (zip: string, { geo, signal }: { geo?: boolean } & CallOptions = {}) => {
      try {
        return await get<ZipLookupResult>(`v1/zip/${encodeURIComponent(zip)}`, { geo }, signal);
      } catch (error) {
        if (error instanceof UssynthApiError && error.code === 'zip_not_found') return null;
        throw error;
      }
    }) as UssynthClient['zip'],
    addresses: ((range: AddressesOptions) =>
      collect(addressPages(resolved, range), (page) => page.addresses)) as UssynthClient['addresses'],
    addressPages: ((range: AddressesOptions) => addressPages(resolved, range)) as UssynthClient['addressPages'],
    eins: (range) => collect(einPages(resolved, range), (page) => page.eins),
    einPages: (range) => einPages(resolved, range),
    phones: (range) => collect(phonePages(resolved, range), (page) => page.phones),
    phonePages: (range) => phonePages(resolved, range),
    companies: ({ seed, count, start, state, fictional, signal } = {}) =>
      get<CompaniesResult>('v1/companies', { seed, count, start, state, fictional }, signal),
    households: ({ seed, count, start, state, fictional, signal } = {}) =>
      get<HouseholdsResult>('v1/households', { seed, count, start, state, fictional }, signal),
    // Async, so a bad company index rejects the call as every other refusal does, never throws from it.
    employees: async ({ company, seed, count, start, state, fictional, signal }) =>
      get<EmployeesResult>(
        `v1/companies/${companyPath(company)}/employees`,
        { seed, count, start, state, fictional },
        signal,
      ),
    sla: ({ signal } = {}) => apiGet<AccountSla>(resolved, 'v1/sla', {}, signal),
    usage: ({ signal } = {}) => apiGet<UsageSummary>(resolved, 'v1/usage', {}, signal),
  };
}

// The company's index as a path segment: a whole number from 0, checked before anything is sent (anything else
// would reach another path, or none).
function companyPath(company: unknown): number {
  if (typeof company !== 'number')
    throw invalidOption('company', `company must be a company's index, a whole number from 0, got ${String(company)}`);
  return wholeNumberOption('company', company, 0, Number.MAX_SAFE_INTEGER, 0);
}

// Every record of every page, in order.
async function collect<Page, T>(pages: AsyncIterable<Page>, records: (page: Page) => readonly T[]): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pages) for (const record of records(page)) all.push(record);
  return all;
}
