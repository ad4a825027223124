import type { Address, GeoFields } from '../types.js';

/**
 * The field catalogue: every field a record can be asked for by name
 * (`fields` in the library, `fields=` in the API, `--fields` on the command
 * line, the demo's picker), in catalogue order, with the type of its value
 * and its SQL column type per dialect. docs/generator.md ("Fields") gives
 * each field's meaning, consistency rule and an example.
 */

/**
 * The fields of the default record (an address), in order: the one list of
 * them (the address kind, the field catalogue and the service read it).
 * @example ADDRESS_FIELDS.length // 8
 */
export const ADDRESS_FIELDS = [
  'name',
  'street',
  'city',
  'state',
  'zip',
  'phone',
  'email',
  'country',
] as const satisfies readonly (keyof Address)[];

// A field added to Address and not to ADDRESS_FIELDS fails the typecheck here.
const ADDRESS_FIELDS_COVER_ADDRESS: [Exclude<keyof Address, (typeof ADDRESS_FIELDS)[number]>] extends [never]
  ? true
  : never = true;
void ADDRESS_FIELDS_COVER_ADDRESS;

/**
 * The fields `geo: true` adds after an address's eight, in order (the library's `AddressWithGeo`).
 * @example GEO_FIELD_NAMES[0] // "lat"
 */
export const GEO_FIELD_NAMES = [
  'lat',
  'lon',
  'county',
  'countyFips',
  'timeZone',
] as const satisfies readonly (keyof GeoFields)[];

/**
 * The identifier fields (issue 51; docs/identifiers.md): drawn from the record's
 * own streams, they hang on no name or place.
 * @example IDENTIFIER_FIELD_NAMES.includes('ssn') // true
 */
export const IDENTIFIER_FIELD_NAMES = [
  'ssn',
  'routingNumber',
  'bankAccount',
  'cardNumber',
  'cardBrand',
  'cardExpiry',
  'cardCvc',
  'npi',
] as const;

/**
 * The vehicle fields (issue 51): a VIN with its model year and maker, which agree with each other only.
 * @example VEHICLE_FIELD_NAMES[0] // "vin"
 */
export const VEHICLE_FIELD_NAMES = ['vin', 'vehicleYear', 'vehicleMake'] as const;

/**
 * Every field name, in catalogue order: the eight of an address, the five
 * of `geo`, then the parts and keys.
 * @example FIELD_NAMES.includes('firstName') // true
 */
export const FIELD_NAMES = [
  ...ADDRESS_FIELDS,
  ...GEO_FIELD_NAMES,
  'firstName',
  'lastName',
  'sex',
  'birthDate',
  'line1',
  'line2',
  'stateFull',
  'phoneIntl',
  'emailDomain',
  'index',
  'uuid',
  ...IDENTIFIER_FIELD_NAMES,
  ...VEHICLE_FIELD_NAMES,
  'driversLicense',
  'driversLicenseState',
] as const;

/**
 * One field name of the catalogue.
 * @example const field: FieldName = 'birthDate'
 */
export type FieldName = (typeof FIELD_NAMES)[number];

/**
 * The value type of each field.
 * @example const n: FieldValues['index'] = 7
 */
export interface FieldValues extends Address, GeoFields {
  /** The first name the name was made from, e.g. "Maria". */
  firstName: string;
  /** The surname the name was made from, e.g. "Garcia". */
  lastName: string;
  /** `F` or `M`: the sex the first name was drawn for. */
  sex: 'F' | 'M';
  /** `YYYY-MM-DD`: an adult's birth date in the first name's era. */
  birthDate: string;
  /** The street line without its unit. */
  line1: string;
  /** The unit ("Apt 12"), or "". */
  line2: string;
  /** Full state name, e.g. "Illinois". */
  stateFull: string;
  /** `+1 AAA-NNN-NNNN`, the same number as `phone`. */
  phoneIntl: string;
  /** The e-mail's domain, e.g. "example.org". */
  emailDomain: string;
  /** The record's position in its stream. */
  index: number;
  /** RFC 9562 version 8 UUID from the seed, the stream and the index. */
  uuid: string;
  // Identifiers (docs/identifiers.md).
  /** `AAA-GG-SSSS`, never issued and never an ITIN: area 900-999, a non-ITIN group. */
  ssn: string;
  /** Nine digits: a Federal Reserve routing symbol, four digits, the 3-7-1 check digit. */
  routingNumber: string;
  /** Eight to twelve digits. */
  bankAccount: string;
  /** A Luhn-valid card number under a processor's test BIN, digits only. */
  cardNumber: string;
  /** `Visa`, `Mastercard`, `American Express` or `Discover`: the brand of `cardNumber`. */
  cardBrand: string;
  /** `MM/YY`, a month from 01/30 to 12/34. */
  cardExpiry: string;
  /** Three digits, four for American Express. */
  cardCvc: string;
  /** Ten digits starting with 1 (an individual), check digit per CMS. */
  npi: string;
  /** 17-character VIN with a real maker's WMI, the check digit and `vehicleYear`'s model-year character. */
  vin: string;
  /** The VIN's model year, 1997..2026. */
  vehicleYear: number;
  /** The make of the VIN's WMI in NHTSA's vPIC, e.g. "Honda". */
  vehicleMake: string;
  /** A licence number of the record's state in its format; Florida's, Illinois' and Wisconsin's derived from the name, birth date and sex. */
  driversLicense: string;
  /** The state that issued `driversLicense`: the record's own. */
  driversLicenseState: string;
}

/**
 * What kind of value a field holds, for writers that type their columns:
 * text, a date (`YYYY-MM-DD`), a UUID, an integer, or a double.
 * @example FIELD_KINDS.index // "integer"
 */
export const FIELD_KINDS: { readonly [F in FieldName]: FieldKind } = {
  name: 'text',
  street: 'text',
  city: 'text',
  state: 'text',
  zip: 'text',
  phone: 'text',
  email: 'text',
  country: 'text',
  lat: 'double',
  lon: 'double',
  county: 'text',
  countyFips: 'text',
  timeZone: 'text',
  firstName: 'text',
  lastName: 'text',
  sex: 'text',
  birthDate: 'date',
  line1: 'text',
  line2: 'text',
  stateFull: 'text',
  phoneIntl: 'text',
  emailDomain: 'text',
  index: 'integer',
  uuid: 'uuid',
  // Identifiers: text, so leading zeros stay (routing numbers start with 0 or 1).
  ssn: 'text',
  routingNumber: 'text',
  bankAccount: 'text',
  cardNumber: 'text',
  cardBrand: 'text',
  cardExpiry: 'text',
  cardCvc: 'text',
  npi: 'text',
  vin: 'text',
  vehicleYear: 'integer',
  vehicleMake: 'text',
  driversLicense: 'text',
  driversLicenseState: 'text',
};

/**
 * Kinds of field values.
 * @example const kind: FieldKind = 'date'
 */
export type FieldKind = 'text' | 'date' | 'uuid' | 'integer' | 'double';

/**
 * SQL dialects a column type is given for.
 * @example const dialect: SqlDialect = 'postgres'
 */
export type SqlDialect = 'postgres' | 'mysql' | 'sqlite';

const SQL_TYPES: { readonly [D in SqlDialect]: { readonly [K in FieldKind]: string } } = {
  // PostgreSQL: native DATE and UUID.
  postgres: { text: 'TEXT', date: 'DATE', uuid: 'UUID', integer: 'BIGINT', double: 'DOUBLE PRECISION' },
  // MySQL/MariaDB: no UUID type (CHAR(36)); TEXT cannot be a key without a length, so VARCHAR(255).
  mysql: { text: 'VARCHAR(255)', date: 'DATE', uuid: 'CHAR(36)', integer: 'BIGINT', double: 'DOUBLE' },
  // SQLite: type names give affinities; DATE and UUID text stays text (no value of theirs reads as a number).
  sqlite: { text: 'TEXT', date: 'DATE', uuid: 'TEXT', integer: 'INTEGER', double: 'REAL' },
};

/**
 * The SQL column type of a kind of value in a dialect.
 * @example sqlTypeOfKind('date', 'mysql') // "DATE"
 */
export function sqlTypeOfKind(kind: FieldKind, dialect: SqlDialect): string {
  return SQL_TYPES[dialect][kind];
}

/**
 * The SQL column type of a field in a dialect.
 * @example sqlTypeOf('uuid', 'postgres') // "UUID"
 */
export function sqlTypeOf(field: FieldName, dialect: SqlDialect): string {
  return SQL_TYPES[dialect][FIELD_KINDS[field]];
}

/**
 * Whether a string is a field of the catalogue.
 * @example isFieldName('uuid') // true
 */
export function isFieldName(name: string): name is FieldName {
  return (FIELD_NAMES as readonly string[]).includes(name);
}
