import { FIELD_NAMES } from 'ussynth';

/** Pattern of `(AAA) NNN-NNNN`. */
const PHONE = '^\\([2-9][0-9]{2}\\) [2-9][0-9]{2}-[0-9]{4}$';

// The geographic fields of `geo=true` (docs/generator.md, "Geography"): absent otherwise.
const GEO_PROPERTIES = {
  lat: {
    type: 'number',
    minimum: -90,
    maximum: 90,
    description: "Latitude, five decimals: a point inside the ZIP's area and county (with geo=true).",
  },
  lon: { type: 'number', minimum: -180, maximum: 180, description: 'Longitude, five decimals (with geo=true).' },
  county: {
    type: 'string',
    minLength: 1,
    description: 'Name of the county the point lies in (Census 2017 boundaries; with geo=true).',
  },
  countyFips: {
    type: 'string',
    pattern: '^[0-9]{5}$',
    description: 'Five-digit FIPS code of that county (with geo=true).',
  },
  timeZone: { type: 'string', minLength: 1, description: 'IANA time zone at the point (with geo=true).' },
} as const;

/** The same fields for a ZIP lookup: the centroid, null where the data has none (military ZIPs). */
const ZIP_GEO_PROPERTIES = Object.fromEntries(
  Object.entries(GEO_PROPERTIES).map(([name, schema]) => [
    name,
    {
      ...schema,
      type: [schema.type, 'null'],
      description:
        schema.description
          .replace("a point inside the ZIP's area and county", "the ZIP's centroid")
          .replace(' the point lies in', ' of the ZIP')
          .replace(' at the point', ' of the ZIP') + ' Null for military ZIPs.',
    },
  ]),
);

/**
 * JSON schema of the Address resource (service interface, "Address").
 * @example response: { 200: addressSchema }
 */
export const addressSchema = {
  $id: 'address',
  type: 'object',
  required: ['name', 'street', 'city', 'state', 'zip', 'phone', 'email', 'country'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1 },
    street: { type: 'string', minLength: 1 },
    city: { type: 'string', minLength: 1 },
    state: { type: 'string', pattern: '^[A-Z]{2}$' },
    zip: { type: 'string', pattern: '^[0-9]{5}$' },
    phone: { type: 'string', pattern: PHONE },
    email: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+$' },
    country: { type: 'string', const: 'United States' },
    ...GEO_PROPERTIES,
  },
} as const;

/**
 * JSON schema of a field name of the catalogue (the `fields` parameter's entries), as an enum.
 * @example fieldNameSchema.enum.includes('uuid') // true
 */
export const fieldNameSchema = {
  $id: 'fieldName',
  type: 'string',
  enum: [...FIELD_NAMES],
  description:
    'A field of the catalogue (docs/generator.md, "Fields"): the eight of an address, the five of geo, then firstName, lastName, sex, birthDate, line1, line2, stateFull, phoneIntl, emailDomain, index and uuid.',
} as const;

/**
 * JSON schema of a record asked for with `fields`: one property per column asked, in order; `index`, `lat` and `lon` are numbers, the rest text.
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
 * JSON schema of the EIN result.
 * @example response: { 200: einSchema }
 */
export const einSchema = {
  $id: 'ein',
  type: 'object',
  required: ['ein'],
  additionalProperties: false,
  properties: { ein: { type: 'string', pattern: '^[0-9]{2}-[0-9]{7}$' } },
} as const;

/**
 * JSON schema of the Phone result.
 * @example response: { 200: phoneSchema }
 */
export const phoneSchema = {
  $id: 'phone',
  type: 'object',
  required: ['phone', 'intl'],
  additionalProperties: false,
  properties: {
    phone: { type: 'string', pattern: PHONE },
    intl: { type: 'string', pattern: '^\\+1 [2-9][0-9]{2}-[2-9][0-9]{2}-[0-9]{4}$' },
  },
} as const;

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
 * JSON schema of the ZIP lookup result.
 * @example response: { 200: zipSchema }
 */
export const zipSchema = {
  $id: 'zip',
  type: 'object',
  required: ['zip', 'state', 'stateFull', 'city'],
  additionalProperties: false,
  properties: {
    zip: { type: 'string', pattern: '^[0-9]{5}$' },
    state: { type: 'string', pattern: '^[A-Z]{2}$' },
    stateFull: { type: 'string', minLength: 1 },
    city: { type: 'string', minLength: 1 },
    ...ZIP_GEO_PROPERTIES,
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
] as const;
