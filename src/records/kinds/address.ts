import { ADDRESS_FIELDS, createGenerator, GEO_FIELD_NAMES } from '../../index.js';
import { columnTypeOf } from '../columns/load-columns.js';
import type { TextRecord } from '../formats/record-format.js';
import type { KindField, RecordKind } from '../record-kind.js';

const typed = (names: readonly string[]): KindField[] => names.map((name) => ({ name, type: columnTypeOf(name) }));

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
