/**
 * ussynth/client: the typed client of the REST API `/v1`, on `fetch` only
 * (Node 20 and browsers), with no dependencies. It pages `/v1/batch`, `/v1/eins` and `/v1/phones` for any
 * count, waits out `rate_limited` answers and throws UssynthApiError with the
 * problem's `code`, `status` and `request_id` for everything else.
 * @example
 * import { createClient, UssynthApiError } from 'ussynth/client';
 * const client = createClient({ baseUrl: 'https://api.example.com', apiKey: process.env.USSYNTH_API_KEY! });
 * const rows = await client.addresses({ seed: 'fixtures-v1', count: 25_000 });
 */
export { createClient } from './client.js';
export type { CallOptions, SeedOption, UsageSummary, UssynthClient } from './client.js';
export type { AccountSla, MonthSla } from './account-sla.js';
export { DEFAULT_CONCURRENCY, DEFAULT_MAX_RETRIES, MAX_CONCURRENCY, MAX_RETRIES } from './client-options.js';
export type { ClientOptions } from './client-options.js';
export { API_MAX_BATCH } from './record-pages.js';
export { quotaRecords, RELATED_RECORD_QUOTA } from './record-quota.js';
export type { RelatedKind } from './record-quota.js';
export type {
  CompaniesResult,
  EmployeesOptions,
  EmployeesResult,
  HouseholdsResult,
  RelatedPageOptions,
} from './related-records.js';
export type { Company, Employee, Household, HouseholdMember } from '../public-api.js';
export type {
  AddressesOptions,
  AddressPage,
  EinPage,
  FieldsPage,
  PhonePage,
  PhonesOptions,
  RangeOptions,
} from './record-pages.js';
export type { FieldName, FieldValues } from '../fields/field-catalogue.js';
export type { FieldList, FieldRecord } from '../fields/field-list.js';
export { CLIENT_ERROR_CODES, UssynthApiError } from './api-error.js';
export type { ClientErrorCode, Problem } from './api-error.js';
export { MAX_RETRY_AFTER_SECONDS, RETRY_JITTER_MS } from './retry-after.js';
export { RETRIED_CODES } from './api-request.js';
export type {
  Address,
  AddressWithGeo,
  BatchResult,
  BatchWithGeo,
  EinResult,
  GeoFields,
  PhoneResult,
  ZipGeoFields,
  ZipLookupResult,
  ZipLookupWithGeo,
} from '../types.js';
