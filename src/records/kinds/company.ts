import { createGenerator } from '../../index.js';
import type { TextRecord } from '../formats/record-format.js';
import type { KindField, RecordKind } from '../record-kind.js';
import { PHONE_PATTERN } from './phone.js';

// The company's fields in record order, with their column types and what the API's schema says of them.
const FIELDS: readonly KindField[] = [
  {
    name: 'id',
    type: 'uuid',
    schema: { description: 'UUID of the company, from the seed, the stream and the index.' },
  },
  { name: 'name', type: 'text', schema: { minLength: 1 } },
  {
    name: 'legalForm',
    type: 'text',
    schema: { description: "LLC, Inc., Corp., Co., Ltd.; LLP, PLLC or PC for licensed professions; '' for none." },
  },
  { name: 'ein', type: 'text', schema: { pattern: '^[0-9]{2}-[0-9]{7}$' } },
  {
    name: 'naics',
    type: 'text',
    schema: { pattern: '^[0-9]{6}$', description: 'Six-digit NAICS code, 2017 edition.' },
  },
  { name: 'naicsTitle', type: 'text', schema: { minLength: 1 } },
  {
    name: 'npi',
    type: 'text',
    schema: {
      pattern: '^$|^2[0-9]{9}$',
      description:
        "A health care provider's NPI (an organisation's: ten digits starting with 2); '' for other industries.",
    },
  },
  { name: 'line1', type: 'text', schema: { minLength: 1 } },
  { name: 'line2', type: 'text', schema: { description: 'A suite ("Suite 200", "Ste 110") or \'\'.' } },
  { name: 'city', type: 'text', schema: { minLength: 1 } },
  { name: 'state', type: 'state' },
  { name: 'zip', type: 'text', schema: { pattern: '^[0-9]{5}$' } },
  { name: 'lat', type: 'double', schema: { minimum: -90, maximum: 90 } },
  { name: 'lon', type: 'double', schema: { minimum: -180, maximum: 180 } },
  { name: 'county', type: 'text', schema: { minLength: 1 } },
  { name: 'countyFips', type: 'text', schema: { pattern: '^[0-9]{5}$' } },
  { name: 'timeZone', type: 'text', schema: { minLength: 1 } },
  { name: 'phone', type: 'text', schema: { pattern: PHONE_PATTERN } },
  { name: 'domain', type: 'text', schema: { pattern: '^[a-z0-9]{1,63}\\.example\\.(com|net|org)$' } },
  { name: 'website', type: 'text', schema: { pattern: '^https://www\\.[a-z0-9.]+$' } },
  { name: 'email', type: 'text', schema: { pattern: '^(info|contact|sales)@[a-z0-9.]+$' } },
  { name: 'employees', type: 'bigint', schema: { minimum: 1 } },
  { name: 'founded', type: 'date' },
  { name: 'incorporationState', type: 'state' },
];

/**
 * Companies: the library's `companies()` pages (docs/related-records.md, "Companies"), table `companies`.
 * @example companyKind.reader!({ seed: '42', fictionalPhones: false })(0, 1)[0].domain // "…example.com"-like
 */
export const companyKind: RecordKind = {
  name: 'company',
  table: 'companies',
  fields: FIELDS,
  takes: { state: true, fictionalPhones: true },
  reader: ({ seed, state, fictionalPhones }) => {
    const generator = createGenerator({ seed, fictionalPhones });
    return (start, count) => generator.companies({ start, count, state }) as unknown as TextRecord[];
  },
};
