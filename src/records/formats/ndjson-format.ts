import { jsonText } from './json-text.js';
import type { PlainObjectWriter, RecordFormat, RecordLayout, TextRecord } from './record-format.js';

/**
 * Renders one record as a JSON object on one line with the layout's keys in
 * order, the same text as `JSON.stringify(record)` for records with those keys
 * (`plain`, the kind's writer, when the values are known to be JSON-plain).
 * @example jsonObjectWriter(['ein'])({ ein: '12-3456789' }) // '{"ein":"12-3456789"}'
 */
export function jsonObjectWriter(
  columns: readonly string[],
  plain?: PlainObjectWriter,
): (record: TextRecord) => string {
  if (plain) return plain;
  const prefixes = columns.map((column, i) => (i === 0 ? '{' : ',') + JSON.stringify(column) + ':');
  const byKeys = (record: TextRecord): string => {
    let text = '';
    for (let i = 0; i < columns.length; i++) {
      const value = record[columns[i]];
      // Numbers (lat, lon, index) as JSON.stringify writes them.
      text += prefixes[i] + (typeof value === 'string' ? jsonText(value) : JSON.stringify(value));
    }
    return text + '}';
  };
  // JSON.stringify is V8's fastest path and returns a flat string; it is exact when the record's own keys are the columns in order, as the library's records are.
  return (record) => (hasKeysInOrder(record, columns) ? JSON.stringify(record) : byKeys(record));
}

function hasKeysInOrder(record: TextRecord, columns: readonly string[]): boolean {
  let i = 0;
  for (const key in record) {
    if (key !== columns[i++]) return false;
  }
  return i === columns.length;
}

/**
 * NDJSON: one JSON object per line, nothing else.
 * @example ndjsonFormat(layout).body([{ ein: '12-3456789' }], 0, 1) // '{"ein":"12-3456789"}\n'
 */
export function ndjsonFormat(layout: RecordLayout): RecordFormat {
  const object = jsonObjectWriter(layout.columns);
  const plain = layout.plainValues ? layout.plainObject : undefined;
  return {
    head: () => '',
    body(records) {
      if (plain) {
        let text = '';
        for (let i = 0; i < records.length; i++) text += plain(records[i]) + '\n';
        return text;
      }
      // One join of flat strings: far cheaper to encode than a rope built with +=.
      const lines = new Array<string>(records.length + 1);
      // A chunk comes from one generator and one object literal: when its first record has the
      // columns as keys in order, all do, and JSON.stringify is exact without a per-record check.
      const ordered = records.length > 0 && hasKeysInOrder(records[0], layout.columns);
      for (let i = 0; i < records.length; i++) lines[i] = ordered ? JSON.stringify(records[i]) : object(records[i]);
      lines[records.length] = '';
      return lines.join('\n');
    },
    tail: () => '',
  };
}
