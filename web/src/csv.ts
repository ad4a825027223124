/**
 * RFC 4180 CSV: a header line of the column keys, then one line per record,
 * CRLF line ends; a field is quoted when it holds a comma, a quote, CR or LF.
 * Values are written as they are (no spreadsheet-formula escaping), because
 * the file is test data whose exact text matters.
 * @example toCsv(['zip', 'city'], [{ zip: '10001', city: 'New York' }]) // "zip,city\r\n10001,New York\r\n"
 */
export function toCsv(columns: readonly string[], records: readonly Readonly<Record<string, string>>[]): string {
  const lines = [columns.map(csvField).join(',')];
  for (const record of records) lines.push(columns.map((column) => csvField(record[column] ?? '')).join(','));
  return lines.join('\r\n') + '\r\n';
}

/**
 * One CSV field, quoted only when it has to be.
 * @example csvField('a "b"') // "\"a \"\"b\"\"\""
 */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? '"' + value.replace(/"/g, '""') + '"' : value;
}
