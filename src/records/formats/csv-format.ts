import type { RecordFormat, RecordLayout } from './record-format.js';

// RFC 4180: a field is quoted when it holds a comma, a quote or a line break.
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field, quoted (with `""` for a quote) only when it must be. The
 * one CSV quoting of the project: the CLI and the demo's downloads (lines
 * end in `\n`, see csvFormat) and the vendored datasets (pipeline/vendor,
 * also `\n`); the caller adds the line end, so it is the caller's choice.
 * @example csvField('Apt 4, Rear') // '"Apt 4, Rear"'
 */
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? '"' + text.replaceAll('"', '""') + '"' : text;
}

/**
 * CSV (RFC 4180 quoting, `\n` line ends): a header line of the field names,
 * then one line per record.
 * @example csvFormat(layout).head(1) // 'ein\n'
 */
export function csvFormat(layout: RecordLayout): RecordFormat {
  const { columns } = layout;
  const header = columns.map(csvField).join(',') + '\n';
  return {
    head: () => header,
    body(records) {
      let text = '';
      for (const record of records) {
        let line = csvField(record[columns[0]]);
        for (let i = 1; i < columns.length; i++) line += ',' + csvField(record[columns[i]]);
        text += line + '\n';
      }
      return text;
    },
    tail: () => '',
  };
}
