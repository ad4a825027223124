import { csvFormat } from './csv-format.js';
import { jsonFormat } from './json-format.js';
import { ndjsonFormat } from './ndjson-format.js';
import type { FormatName, RecordFormat, RecordLayout } from './record-format.js';
import { sqlFormat } from './sql-format.js';

/**
 * The writer of a format for a layout.
 * @example recordFormat('csv', { columns: ['ein'], table: 'eins', jsonShape: 'array' })
 */
export function recordFormat(name: FormatName, layout: RecordLayout): RecordFormat {
  switch (name) {
    case 'json':
      return jsonFormat(layout);
    case 'ndjson':
      return ndjsonFormat(layout);
    case 'csv':
      return csvFormat(layout);
    case 'sql':
      return sqlFormat(layout);
  }
}
