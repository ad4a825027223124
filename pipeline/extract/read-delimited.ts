import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { SourceError } from '../source-error.js';

/** One data row with the line it starts on (1-based, header included). */
export interface DelimitedRow {
  line: number;
  fields: string[];
}

/** How a delimited source file is laid out. */
export interface DelimitedLayout {
  /** Field separator. */
  delimiter: ',' | '\t';
  /** Column names the header row must have, or the column count of a file without one. */
  columns: readonly string[] | number;
  /** TSV sources without quoting: a quote character is data there. */
  quoting: boolean;
}

/**
 * Reads a CSV/TSV source strictly: invalid UTF-8, a wrong header or a row
 * with the wrong number of fields stops the build naming file and line.
 * @example readDelimited(root, 'geonames-us/US.txt', { delimiter: '\t', columns: 12, quoting: false })
 */
export function readDelimited(datasetsDir: string, file: string, layout: DelimitedLayout): DelimitedRow[] {
  const text = decodeUtf8(readFileSync(`${datasetsDir}/${file}`), file);
  const records = isPlain(text, layout) ? splitPlain(text, layout.delimiter) : parseRecords(text, layout);
  const hasHeader = typeof layout.columns !== 'number';
  const width = hasHeader ? (layout.columns as readonly string[]).length : (layout.columns as number);
  if (hasHeader) {
    const header = records.shift();
    const expected = (layout.columns as readonly string[]).join(layout.delimiter);
    if (!header || header.record.join(layout.delimiter) !== expected) {
      throw new SourceError(
        file,
        1,
        `header must be ${JSON.stringify(expected)}, found ${JSON.stringify(header?.record.join(layout.delimiter) ?? '')}`,
      );
    }
  }
  return records.map(({ record, info }) => {
    if (record.length !== width)
      throw new SourceError(file, info.lines, `expected ${width} fields, found ${record.length}`);
    return { line: info.lines, fields: record };
  });
}

type ParsedRecord = { record: string[]; info: { lines: number } };

/** csv-parse's records with their line numbers. */
export function parseRecords(text: string, layout: Pick<DelimitedLayout, 'delimiter' | 'quoting'>): ParsedRecord[] {
  return parse(text, {
    delimiter: layout.delimiter,
    quote: layout.quoting ? '"' : false,
    relax_column_count: true,
    skip_empty_lines: false,
    info: true,
  }) as unknown as ParsedRecord[];
}

/** Whether a text has nothing to unquote (no quote character, or a layout without quoting) and only \n line ends. */
export function isPlain(text: string, layout: Pick<DelimitedLayout, 'quoting'>): boolean {
  return !text.includes('\r') && (!layout.quoting || !text.includes('"'));
}

/**
 * The records of a plain text ({@link isPlain}) as {@link parseRecords}
 * gives them, split on newlines and delimiters: every line a record (an
 * empty line one empty field), the final newline ending the last line.
 * csv-parse takes 5-8 times as long for the build's large sources
 * (280,000 rows of first names, 41,000 of GeoNames).
 * @example splitPlain('a,b\n1,2\n', ',') // [{ record: ['a', 'b'], info: { lines: 1 } }, { record: ['1', '2'], info: { lines: 2 } }]
 */
export function splitPlain(text: string, delimiter: string): ParsedRecord[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines.map((line, i) => ({ record: line.split(delimiter), info: { lines: i + 1 } }));
}

/** Decodes UTF-8 strictly; on failure names the line of the first bad byte. */
export function decodeUtf8(bytes: Uint8Array, file: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    let bad = 0;
    // Find the first byte where a strict decode of the prefix fails.
    let low = 0;
    let high = bytes.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, mid + 1), { stream: true });
        low = mid + 1;
      } catch {
        high = mid;
      }
    }
    bad = low;
    let line = 1;
    for (let i = 0; i < bad; i++) if (bytes[i] === 10) line++;
    throw new SourceError(file, line, `invalid UTF-8 at byte ${bad}`);
  }
}
