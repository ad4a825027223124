import { createGenerator } from '../../index.js';
import type { TextRecord } from '../formats/record-format.js';
import type { RecordKind } from '../record-kind.js';

/**
 * Pattern of a phone number's `(AAA) NNN-NNNN` notation (its field's JSON schema; the address's phone too).
 * @example new RegExp(PHONE_PATTERN).test('(212) 555-0142') // true
 */
export const PHONE_PATTERN = '^\\([2-9][0-9]{2}\\) [2-9][0-9]{2}-[0-9]{4}$';

/**
 * Phone numbers in two notations: the library's `phoneAt(i, { state })`.
 * @example phoneKind.fields.map((f) => f.name) // ['phone', 'intl']
 */
export const phoneKind: RecordKind = {
  name: 'phone',
  table: 'phones',
  fields: [
    { name: 'phone', type: 'text', schema: { pattern: PHONE_PATTERN } },
    { name: 'intl', type: 'text', schema: { pattern: '^\\+1 [2-9][0-9]{2}-[2-9][0-9]{2}-[0-9]{4}$' } },
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
