import { jsonObjectWriter } from './ndjson-format.js';
import type { RecordFormat, RecordLayout } from './record-format.js';

/**
 * JSON: a bare object, an array with one record per line, or the batch
 * result `{"count":N,"addresses":[...]}`; always one JSON document.
 * @example jsonFormat({ ...layout, jsonShape: 'array' }).head(2) // '[\n'
 */
export function jsonFormat(layout: RecordLayout): RecordFormat {
  const object = jsonObjectWriter(layout.columns, layout.plainValues ? layout.plainObject : undefined);
  const shape = layout.jsonShape;
  return {
    head(total) {
      if (shape === 'object') return '';
      const open = shape === 'batch' ? `{"count":${total},"addresses":[` : '[';
      return total === 0 ? open : open + '\n';
    },
    body(records, start) {
      if (shape === 'object') return records.length === 0 ? '' : object(records[0]);
      let text = '';
      for (let i = 0; i < records.length; i++) text += (start + i === 0 ? '' : ',\n') + object(records[i]);
      return text;
    },
    tail(total) {
      if (shape === 'object') return '\n';
      const close = shape === 'batch' ? ']}\n' : ']\n';
      return total === 0 ? close : '\n' + close;
    },
  };
}
