import { createGenerator } from '../../index.js';
import type { TextRecord } from '../formats/record-format.js';
import type { RecordKind } from '../record-kind.js';

/**
 * Phone numbers in two notations: the library's `phoneAt(i, { state })`.
 * @example phoneKind.fields.map((f) => f.name) // ['phone', 'intl']
 */
export const phoneKind: RecordKind = {
  name: 'phone',
  table: 'phones',
  fields: [
    { name: 'phone', type: 'text' },
    { name: 'intl', type: 'text' },
  ],
  takes: { state: true, fictionalPhones: true },
  reader: ({ seed, state, emailDomain, fictionalPhones }) => {
    const generator = createGenerator({ seed, emailDomain, fictionalPhones });
    return (start, count) => {
      const out = new Array<TextRecord>(count);
      for (let i = 0; i < count; i++) out[i] = generator.phoneAt(start + i, { state }) as unknown as TextRecord;
      return out;
    };
  },
  indexText: true,
  plainJson: (r) => '{"phone":"' + r.phone + '","intl":"' + r.intl + '"}',
};
