import { createGenerator } from '../../index.js';
import type { TextRecord } from '../formats/record-format.js';
import type { RecordKind } from '../record-kind.js';

/**
 * EINs (`XX-XXXXXXX`): the library's `einAt(i)`.
 * @example einKind.reader!({ seed: '42', fictionalPhones: false })(0, 1)[0].ein // "12-3456789"-like
 */
export const einKind: RecordKind = {
  name: 'ein',
  table: 'eins',
  fields: [{ name: 'ein', type: 'text', schema: { pattern: '^[0-9]{2}-[0-9]{7}$' } }],
  takes: {},
  reader: ({ seed }) => {
    const generator = createGenerator({ seed });
    return (start, count) => {
      const out = new Array<TextRecord>(count);
      for (let i = 0; i < count; i++) out[i] = generator.einAt(start + i) as unknown as TextRecord;
      return out;
    };
  },
  indexText: true,
  plainJson: (r) => '{"ein":"' + r.ein + '"}',
};
