/** RFC 4180 field: quoted only when it holds a comma, quote or line break; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

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
