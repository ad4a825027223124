import type { TextRecord } from './record-format.js';

/** Renders a record as a JSON object whose values need no escaping. */
export type PlainObjectWriter = (record: TextRecord) => string;

// One writer per record kind of the command line, spelled out: a concatenation with constant keys is
// about twice as fast as JSON.stringify on the generator's (concatenated, not yet flat) strings, and
// several times a loop over the columns.
const WRITERS: Readonly<Record<string, PlainObjectWriter>> = {
  'name,street,city,state,zip,phone,email,country': (r) =>
    '{"name":"' + r.name + '","street":"' + r.street + '","city":"' + r.city + '","state":"' + r.state + '","zip":"' + r.zip +
    '","phone":"' + r.phone + '","email":"' + r.email + '","country":"' + r.country + '"}',
  ein: (r) => '{"ein":"' + r.ein + '"}',
  'phone,intl': (r) => '{"phone":"' + r.phone + '","intl":"' + r.intl + '"}',
};

/**
 * A writer for records with these columns whose values are JSON-plain (no
 * quote, backslash or control character): the same text as
 * `JSON.stringify` gives for such records, built by concatenation. Undefined
 * for columns no command writes.
 * @example plainJsonObjectWriter(['ein'])?.({ ein: '12-3456789' }) // '{"ein":"12-3456789"}'
 */
export function plainJsonObjectWriter(columns: readonly string[]): PlainObjectWriter | undefined {
  return WRITERS[columns.join(',')];
}
