// Everything both entry points export.
export { byCodeUnit } from './code-unit-order.js';
export { DataIndex } from './data-index/data-index.js';
export { GeoIndex } from './data-index/geo-index.js';
export { GEO_INDEX_FILE } from './data-index/geo-format.js';
export { BirthIndex } from './data-index/birth-index.js';
export { BIRTH_INDEX_FILE } from './data-index/birth-format.js';
export {
  ADDRESS_FIELDS,
  FIELD_KINDS,
  FIELD_NAMES,
  GEO_FIELD_NAMES,
  isFieldName,
  sqlTypeOf,
  sqlTypeOfKind,
} from './fields/field-catalogue.js';
export type { FieldKind, FieldName, FieldValues, SqlDialect } from './fields/field-catalogue.js';
export {
  COLUMN_NAME_PATTERN,
  geoWithFieldsProblem,
  MAX_FIELDS,
  parseFieldList,
  RESERVED_COLUMN_NAMES,
} from './fields/field-list.js';
export type { FieldColumn, FieldList, FieldRecord } from './fields/field-list.js';
export type { IndexState, WeightedTable } from './data-index/data-index.js';
export { INDEX_FORMAT_VERSION, STATE_KINDS, ZIP_TYPES } from './data-index/format.js';
export type { StateKind, ZipType } from './data-index/format.js';
export { ERROR_CODES, UssynthError } from './errors.js';
export type { ErrorCode } from './errors.js';
export { checkRange, COUNTRY, Generator, MAX_BATCH, MAX_INDEX, MAX_PAGE } from './generator/generator.js';
export type {
  AddressOptions,
  BirthIndexSource,
  FieldsOptions,
  GeneratorOptions,
  GeoAddressOptions,
  GeoIndexSource,
  HouseholdDataSource,
  PhoneOptions,
} from './generator/generator.js';
export { RESERVED_EMAIL_DOMAINS } from './generator/email.js';
export { FICTIONAL_EXCHANGE } from './generator/phone.js';
export { UNIT_NUMBER_MAX } from './generator/street.js';
export type { IndexSource } from './create-generator.js';
export type { Seed } from './random/stream-key.js';
export { MAX_SEED_LENGTH, SEED_PATTERN, SEED_RULE } from './random/seed-rule.js';
export type {
  Address,
  AddressWithGeo,
  BatchResult,
  BatchWithGeo,
  Company,
  CompanyOptions,
  EinResult,
  GeoFields,
  PhoneResult,
  ZipGeoFields,
  ZipLookupResult,
  ZipLookupWithGeo,
} from './types.js';
export { GENERATOR_VERSION } from './version.js';
export { JobTitles } from './data-index/job-titles.js';
export type { JobTitlesFile } from './data-index/job-titles.js';
export type { JobTitlesSource } from './generator/generator.js';
export type { Employee, EmployeeOptions, EmployeesOptions } from './types.js';
export { COMMUTE_KM, greatCircleKm } from './related/commute-homes.js';
export { EMAIL_BUCKET } from './related/work-email.js';
export { CompanyData, COMPANY_DATA_FILE } from './data-index/company-data.js';
export type { CompanyPrefix, CompanySector } from './data-index/company-data.js';
export type { CompanyDataSource } from './generator/generator.js';

export { HOUSEHOLD_DATA_FILE, HOUSEHOLD_SHARES, readHouseholdModel } from './data-index/household-data.js';
export type { HouseholdModel, HouseholdShare } from './data-index/household-data.js';
export type {
  Household,
  HouseholdMember,
  HouseholdOptions,
  HouseholdRelationship,
} from './types.js';
export { MAX_HOUSEHOLD_SIZE, MAX_PARTNER_GAP_DAYS, PARENT_AGES, PHONE_AGE } from './related/household-maker.js';

export { defineSchema } from './seed/seed-schema.js';
export type {
  GenericRuleText,
  SeedColumn,
  SeedCount,
  SeedSchema,
  SeedTable,
  SeedTableKind,
} from './seed/seed-schema.js';
