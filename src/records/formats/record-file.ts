import { recordFormat } from './formats.js';
import type { FormatName, RecordLayout, TextRecord } from './record-format.js';

/**
 * The whole text the command line writes for `records` in a format: the
 * same writers (head, body, tail), so anything else that offers records as
 * a file (the browser demo's downloads) gives the CLI's bytes. Imports
 * nothing from Node: it runs in browsers.
 * @example recordFile('csv', { columns: ['ein'], table: 'eins', jsonShape: 'array' }, [{ ein: '12-3456789' }]) // 'ein\n12-3456789\n'
 */
export function recordFile(format: FormatName, layout: RecordLayout, records: readonly TextRecord[]): string {
  const writer = recordFormat(format, layout);
  return writer.head(records.length) + writer.body(records, 0, records.length) + writer.tail(records.length);
}
