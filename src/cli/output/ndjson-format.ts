import { jsonText } from './json-text.js';
import type { RecordFormat, RecordLayout, TextRecord } from './record-format.js';

/**
 * Renders one record as a JSON object on one line with the layout's keys in
 * order, the same text as `JSON.stringify(record)` for records with those keys.
 * @example jsonObjectWriter(['ein'])({ ein: '12-3456789' }) // '{"ein":"12-3456789"}'
 */
export function jsonObjectWriter(columns: readonly string[]): (record: TextRecord) => string {
  const prefixes = columns.map((column, i) => (i === 0 ? '{' : ',') + JSON.stringify(column) + ':');
  return (record) => {
    let text = '';
    for (let i = 0; i < columns.length; i++) text += prefixes[i] + jsonText(record[columns[i]]);
    return text + '}';
  };
}

/**
 * NDJSON: one JSON object per line, nothing else.
 * @example ndjsonFormat(layout).body([{ ein: '12-3456789' }], 0, 1) // '{"ein":"12-3456789"}\n'
 */
export function ndjsonFormat(layout: RecordLayout): RecordFormat {
  const object = jsonObjectWriter(layout.columns);
  return {
    head: () => '',
    body(records) {
      let text = '';
      for (const record of records) text += object(record) + '\n';
      return text;
    },
    tail: () => '',
  };
}
