import { csvField } from '../../src/records/formats/csv-format.js';

/** One CSV line of a vendored file (no line end: writeDatasetLines adds `\n`), fields quoted as the CLI's CSV quotes them. */
export function csvRow(values: readonly string[]): string {
  return values.map(csvField).join(',');
}

/** TSV has no quoting convention here, so a tab or line break in a value is an error. */
export function tsvRow(values: readonly string[]): string {
  for (const v of values) {
    if (/[\t\r\n]/.test(v)) throw new Error(`TSV value contains a tab or line break: ${JSON.stringify(v)}`);
  }
  return values.join('\t');
}
