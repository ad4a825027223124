import { FIELD_KINDS, type FieldKind } from '../fields/field-catalogue.js';
import type { RecordSource } from './column-rule.js';
import type { TypeFamily } from './database-schema.js';

const FAMILY_OF_KIND: Readonly<Record<FieldKind, TypeFamily>> = {
  text: 'text',
  date: 'date',
  uuid: 'uuid',
  integer: 'integer',
  double: 'float',
};

/** Every field of the catalogue (a person's record) with its family. */
const PERSON = Object.fromEntries(
  Object.entries(FIELD_KINDS).map(([field, kind]) => [field, FAMILY_OF_KIND[kind]]),
) as Readonly<Record<keyof typeof FIELD_KINDS, TypeFamily>>;

/** A company's fields (the library's `Company`, docs/related-records.md) with their families. */
const COMPANY = {
  id: 'uuid',
  name: 'text',
  legalForm: 'text',
  ein: 'text',
  naics: 'text',
  naicsTitle: 'text',
  npi: 'text',
  line1: 'text',
  line2: 'text',
  city: 'text',
  state: 'text',
  zip: 'text',
  lat: 'float',
  lon: 'float',
  county: 'text',
  countyFips: 'text',
  timeZone: 'text',
  phone: 'text',
  domain: 'text',
  website: 'text',
  email: 'text',
  employees: 'integer',
  founded: 'date',
  incorporationState: 'text',
  country: 'text',
} as const satisfies Readonly<Record<string, TypeFamily>>;

/** A household's own fields (the library's `Household` without its members). */
const HOUSEHOLD = {
  id: 'uuid',
  street: 'text',
  line1: 'text',
  line2: 'text',
  city: 'text',
  state: 'text',
  zip: 'text',
  phone: 'text',
  size: 'integer',
  type: 'text',
  country: 'text',
} as const satisfies Readonly<Record<string, TypeFamily>>;

/**
 * The catalogue fields of an employee or a household member: their records'
 * own, those made from them (line1 and line2, the state's name, the phone's
 * international form, the e-mail's domain, a licence of their own name,
 * birth date and state) and the identifiers that hang on no name or place.
 * Not the geographic fields: their records have a ZIP, not a point.
 */
const PEOPLE = Object.fromEntries(
  Object.entries(PERSON).filter(([field]) => !['lat', 'lon', 'county', 'countyFips', 'timeZone'].includes(field)),
) as Readonly<Record<Exclude<keyof typeof PERSON, 'lat' | 'lon' | 'county' | 'countyFips' | 'timeZone'>, TypeFamily>>;

/**
 * Each record's fields a seeded column may take, with the type family of
 * their values: a person's are the field catalogue's; an employee's are
 * `id`, `companyId`, `title` and the catalogue's but the geographic ones, a
 * household member's `id`, `householdId`, `relationship` and the same.
 * @example KIND_FIELDS.company.employees // "integer"
 */
export const KIND_FIELDS = {
  person: PERSON,
  company: COMPANY,
  household: HOUSEHOLD,
  employee: { id: 'uuid', companyId: 'uuid', ...PEOPLE, title: 'text' },
  member: { id: 'uuid', householdId: 'uuid', ...PEOPLE, relationship: 'text' },
} as const satisfies Readonly<Record<RecordSource, Readonly<Record<string, TypeFamily>>>>;

/**
 * The fields of a record, as a type (what a schema file's editor completes).
 * @example const field: KindFieldName<'company'> = 'ein'
 */
export type KindFieldName<S extends RecordSource> = keyof (typeof KIND_FIELDS)[S] & string;

/**
 * The type family of a record's field, or undefined when the record has no such field.
 * @example recordFieldFamily('company', 'employees') // "integer"
 */
export function recordFieldFamily(record: RecordSource, field: string): TypeFamily | undefined {
  const fields: Readonly<Record<string, TypeFamily>> = KIND_FIELDS[record];
  return Object.hasOwn(fields, field) ? fields[field] : undefined;
}

/**
 * The field names of a record, in their order.
 * @example recordFieldNames('household').includes('size') // true
 */
export function recordFieldNames(record: RecordSource): string[] {
  return Object.keys(KIND_FIELDS[record]);
}
