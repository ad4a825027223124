import { FIELD_NAMES } from 'ussynth';
import { recordKind } from 'ussynth/records';
import { fieldSchema, recordSchema } from './record-schema.js';
import { companySchema, employeeSchema, householdMemberSchema, householdSchema } from './related-records.js';

/** The geographic fields for a ZIP lookup: the centroid, null where the data has none (military ZIPs). */
const ZIP_GEO_PROPERTIES = Object.fromEntries(
  (recordKind('address').geoFields ?? []).map((field) => {
    const schema = fieldSchema(field);
    return [
      field.name,
      {
        ...schema,
        type: [schema.type, 'null'],
        description:
          String(schema.description)
            .replace("a point inside the ZIP's area and county", "the ZIP's centroid")
            .replace(' the point lies in', ' of the ZIP')
            .replace(' at the point', ' of the ZIP') + ' Null for military ZIPs.',
      },
    ];
  }),
);

/**
 * JSON schema of the Address resource (service interface, "Address"), the address kind's record.
 * @example response: { 200: addressSchema }
 */
export const addressSchema = recordSchema(recordKind('address'));

/**
 * JSON schema of a field name of the catalogue (the `fields` parameter's entries), as an enum.
 * @example fieldNameSchema.enum.includes('uuid') // true
 */
export const fieldNameSchema = {
  $id: 'fieldName',
  type: 'string',
  enum: [...FIELD_NAMES],
  description:
    'A field of the catalogue (docs/generator.md, "Fields"): the eight of an address, the five of geo, then firstName, lastName, sex, birthDate, line1, line2, stateFull, phoneIntl, emailDomain, index, uuid, then the identifiers ssn, routingNumber, bankAccount, cardNumber, cardBrand, cardExpiry, cardCvc, npi, vin, vehicleYear, vehicleMake, driversLicense and driversLicenseState (docs/identifiers.md).',
} as const;

/**
 * JSON schema of a record asked for with `fields`: one property per column asked, in order; `index`, `lat`, `lon` and `vehicleYear` are numbers, the rest text.
 * @example response: { 200: { $ref: 'fieldRecord#' } }
 */
export const fieldRecordSchema = {
  $id: 'fieldRecord',
  type: 'object',
  minProperties: 1,
  additionalProperties: { type: ['string', 'number'] },
  description:
    'With fields=: the columns asked, in the order asked, each holding its field (fieldName); instead of the address.',
} as const;

/**
 * JSON schema of a page of 1 to 1000 records: `count` equals the length of
 * the list, whose items are the schema `item`.
 * @example pageSchema('eins', 'eins', 'ein') // { $id: 'eins', required: ['count', 'eins'], ... }
 */
function pageSchema<Id extends string, List extends string>(id: Id, list: List, item: string) {
  return {
    $id: id,
    type: 'object',
    required: ['count', list],
    additionalProperties: false,
    properties: {
      count: { type: 'integer', minimum: 1, maximum: 1000 },
      [list]: { type: 'array', items: { $ref: `${item}#` }, minItems: 1, maxItems: 1000 },
    },
  } as const;
}

/**
 * JSON schema of the Batch result: `count` equals `addresses.length`.
 * @example response: { 200: batchSchema }
 */
export const batchSchema = pageSchema('batch', 'addresses', 'address');

/**
 * JSON schema of the EIN result, the ein kind's record.
 * @example response: { 200: einSchema }
 */
export const einSchema = recordSchema(recordKind('ein'));

/**
 * JSON schema of the Phone result, the phone kind's record.
 * @example response: { 200: phoneSchema }
 */
export const phoneSchema = recordSchema(recordKind('phone'));

/**
 * JSON schema of a page of EINs (/v1/eins): `count` equals `eins.length`.
 * @example response: { 200: einsSchema }
 */
export const einsSchema = pageSchema('eins', 'eins', 'ein');

/**
 * JSON schema of a page of phone numbers (/v1/phones): `count` equals `phones.length`.
 * @example response: { 200: phonesSchema }
 */
export const phonesSchema = pageSchema('phones', 'phones', 'phone');

/**
 * JSON schema of the ZIP lookup result: the zip kind's record and the address's geographic fields, nullable.
 * @example response: { 200: zipSchema }
 */
export const zipSchema = {
  ...recordSchema(recordKind('zip')),
  properties: { ...recordSchema(recordKind('zip')).properties, ...ZIP_GEO_PROPERTIES },
} as const;

/**
 * JSON schema of a page of companies (/v1/companies): `count` equals `companies.length`.
 * @example response: { 200: companiesSchema }
 */
export const companiesSchema = pageSchema('companies', 'companies', 'company');

/**
 * JSON schema of a page of households (/v1/households), each with its members: `count` equals `households.length`.
 * @example response: { 200: householdsSchema }
 */
export const householdsSchema = pageSchema('households', 'households', 'household');

/**
 * JSON schema of a page of a company's employees (/v1/companies/{index}/employees): the company, then `count`
 * employees, as many as asked unless the company's headcount ends the range first.
 * @example response: { 200: employeesSchema }
 */
export const employeesSchema = {
  $id: 'employees',
  type: 'object',
  required: ['count', 'company', 'employees'],
  additionalProperties: false,
  properties: {
    count: { type: 'integer', minimum: 1, maximum: 1000 },
    company: { $ref: 'company#' },
    employees: { type: 'array', items: { $ref: 'employee#' }, minItems: 1, maxItems: 1000 },
  },
} as const;

/**
 * Every shared schema, registered once with `app.addSchema` and referenced by `$id`.
 * @example for (const s of RECORD_SCHEMAS) app.addSchema(s)
 */
export const RECORD_SCHEMAS = [
  addressSchema,
  batchSchema,
  einSchema,
  einsSchema,
  phoneSchema,
  phonesSchema,
  zipSchema,
  fieldNameSchema,
  fieldRecordSchema,
  companySchema,
  companiesSchema,
  householdMemberSchema,
  householdSchema,
  householdsSchema,
  employeeSchema,
  employeesSchema,
] as const;
