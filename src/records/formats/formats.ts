import { csvFormat } from './csv-format.js';
import { jsonFormat } from './json-format.js';
import { ndjsonFormat } from './ndjson-format.js';
import { copyFormat } from './copy-text.js';
import { columnsOf } from '../columns/load-columns.js';
import { dialectSqlFormat } from './dialect-sql-format.js';
import type { RecordFormat, RecordLayout, TextFormatName } from './record-format.js';
import { sqlFormat } from './sql-format.js';
import { sqliteValues } from './sqlite-values.js';

/**
 * The writer of a format for a layout.
 * @example recordFormat('csv', { columns: ['ein'], table: 'eins', jsonShape: 'array' })
 */
export function recordFormat(name: TextFormatName, layout: RecordLayout): RecordFormat {
  switch (name) {
    case 'json':
      return jsonFormat(layout);
    case 'ndjson':
      return ndjsonFormat(layout);
    case 'csv':
      return csvFormat(layout);
    case 'sql':
      return layout.dialect === undefined
        ? sqlFormat(layout)
        : dialectSqlFormat(
            layout.dialect,
            layout.table,
            layout.loadColumns ?? columnsOf(layout.columns),
            layout.constraints,
          );
    case 'copy':
      return copyFormat(layout.loadColumns ?? columnsOf(layout.columns), layout.plainValues);
    case 'sqlite-values':
      return sqliteValues(layout.loadColumns ?? columnsOf(layout.columns));
  }
}
