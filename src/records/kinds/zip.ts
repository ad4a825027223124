import type { RecordKind } from '../record-kind.js';

/**
 * A ZIP lookup's record (`ussynth zip 10001`): a lookup by code, not a
 * stream, so it has no reader; the formats write it by its fields.
 * @example zipKind.fields.map((f) => f.name) // ['zip', 'state', 'stateFull', 'city']
 */
export const zipKind: RecordKind = {
  name: 'zip',
  table: 'zips',
  fields: [
    { name: 'zip', type: 'text', schema: { pattern: '^[0-9]{5}$' } },
    { name: 'state', type: 'state' },
    { name: 'stateFull', type: 'text', schema: { minLength: 1 } },
    { name: 'city', type: 'text', schema: { minLength: 1 } },
  ],
  takes: {},
};
