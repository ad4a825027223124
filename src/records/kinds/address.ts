import { ADDRESS_FIELDS, createGenerator, GEO_FIELD_NAMES } from '../../index.js';
import { columnTypeOf } from '../columns/load-columns.js';
import type { TextRecord } from '../formats/record-format.js';
import type { FieldSchema, KindField, RecordKind } from '../record-kind.js';
import { PHONE_PATTERN } from './phone.js';

// What the API's schema says of each field (docs/generator.md, "Geography", for the five of geo).
const SCHEMAS: Record<string, FieldSchema> = {
  name: { minLength: 1 },
  street: { minLength: 1 },
  city: { minLength: 1 },
  zip: { pattern: '^[0-9]{5}$' },
  phone: { pattern: PHONE_PATTERN },
  email: { pattern: '^[^@\\s]+@[^@\\s]+$' },
  country: { const: 'United States' },
  lat: {
    minimum: -90,
    maximum: 90,
    description: "Latitude, five decimals: a point inside the ZIP's area and county (with geo=true).",
  },
  lon: { minimum: -180, maximum: 180, description: 'Longitude, five decimals (with geo=true).' },
  county: {
    minLength: 1,
    description: 'Name of the county the point lies in (Census 2017 boundaries; with geo=true).',
  },
  countyFips: { pattern: '^[0-9]{5}$', description: 'Five-digit FIPS code of that county (with geo=true).' },
  timeZone: { minLength: 1, description: 'IANA time zone at the point (with geo=true).' },
};

const typed = (names: readonly string[]): KindField[] =>
  names.map((name) => ({ name, type: columnTypeOf(name), ...(SCHEMAS[name] && { schema: SCHEMAS[name] }) }));

/**
 * Addresses: the library's `addresses()` pages, with `geo` its five
 * geographic fields, with `fields` the catalogue's fields instead. Its
 * fields are the field catalogue's `ADDRESS_FIELDS` and `GEO_FIELD_NAMES`.
 * @example addressKind.fields.length // 8
 */
export const addressKind: RecordKind = {
  name: 'address',
  table: 'addresses',
  fields: typed(ADDRESS_FIELDS),
  geoFields: typed(GEO_FIELD_NAMES),
  takes: { state: true, emailDomain: true, fictionalPhones: true, geo: true, fields: true },
  reader: ({ seed, state, emailDomain, fictionalPhones, geo, fields }) => {
    const generator = createGenerator({ seed, emailDomain, fictionalPhones });
    return (start, count) => {
      const page =
        fields !== undefined
          ? generator.addresses({ start, count, state, fields })
          : generator.addresses({ start, count, state, geo: geo === true });
      const out = new Array<TextRecord>(count);
      for (let i = 0; i < count; i++) out[i] = page[i] as unknown as TextRecord;
      return out;
    };
  },
  indexText: true,
  plainJson: (r) =>
    '{"name":"' +
    r.name +
    '","street":"' +
    r.street +
    '","city":"' +
    r.city +
    '","state":"' +
    r.state +
    '","zip":"' +
    r.zip +
    '","phone":"' +
    r.phone +
    '","email":"' +
    r.email +
    '","country":"' +
    r.country +
    '"}',
};
