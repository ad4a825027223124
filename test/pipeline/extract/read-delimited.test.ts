import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isPlain, parseRecords, readDelimited, splitPlain } from '../../../pipeline/extract/read-delimited.js';
import { DATASETS_DIR } from '../../../pipeline/main.js';
import { SourceError } from '../../../pipeline/source-error.js';
import { removeTemp, tempDatasets } from '../../fixtures/temp-datasets.js';

const dirs: string[] = [];
const fixture = (content: string | Uint8Array): string => {
  const dir = tempDatasets({ 'src/file.csv': content });
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach(removeTemp));

describe('readDelimited', () => {
  it('reads rows with their line numbers, header excluded', () => {
    const dir = fixture('a,b\n1,2\n"x, y",3\n');
    expect(readDelimited(dir, 'src/file.csv', { delimiter: ',', columns: ['a', 'b'], quoting: true })).toEqual([
      { line: 2, fields: ['1', '2'] },
      { line: 3, fields: ['x, y', '3'] },
    ]);
  });

  it('keeps quote characters as data in unquoted TSV', () => {
    const dir = fixture('1\tO"Hara\n');
    expect(readDelimited(dir, 'src/file.csv', { delimiter: '\t', columns: 2, quoting: false })).toEqual([
      { line: 1, fields: ['1', 'O"Hara'] },
    ]);
  });

  it('names file and line of a row with the wrong number of fields', () => {
    const dir = fixture('a,b\n1,2\n3,4,5\n');
    expect(() => readDelimited(dir, 'src/file.csv', { delimiter: ',', columns: ['a', 'b'], quoting: true })).toThrow(
      new SourceError('src/file.csv', 3, 'expected 2 fields, found 3'),
    );
  });

  it('rejects a header that differs from the expected columns', () => {
    const dir = fixture('a,c\n1,2\n');
    expect(() => readDelimited(dir, 'src/file.csv', { delimiter: ',', columns: ['a', 'b'], quoting: true })).toThrow(
      /src\/file\.csv:1: header must be "a,b"/,
    );
  });

  it('names the line of the first invalid UTF-8 byte', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('a,b\n1,2\n'), 0x33, 0xff, 0x2c, 0x34, 0x0a]);
    const dir = fixture(bytes);
    expect(() => readDelimited(dir, 'src/file.csv', { delimiter: ',', columns: ['a', 'b'], quoting: true })).toThrow(
      /src\/file\.csv:3: invalid UTF-8 at byte 9/,
    );
  });
});

describe('splitPlain', () => {
  // What readDelimited takes of a record: its fields and the line it is on.
  const rows = (records: { record: string[]; info: { lines: number } }[]) =>
    records.map(({ record, info }) => ({ record, line: info.lines }));
  const layouts = [
    { delimiter: ',', quoting: true },
    { delimiter: ',', quoting: false },
    { delimiter: '\t', quoting: false },
  ] as const;

  it('gives the records csv-parse gives, for every plain source of datasets/', () => {
    const plainFiles = readdirSync(DATASETS_DIR, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.(csv|tsv|txt)$/.test(file),
    );
    let compared = 0;
    for (const file of plainFiles) {
      const text = readFileSync(join(DATASETS_DIR, file), 'utf8');
      for (const layout of layouts) {
        if (!(file.endsWith('.csv') === (layout.delimiter === ',')) || !isPlain(text, layout)) continue;
        // As one string each: a deep comparison of 280,000 rows takes 10 s on a loaded machine.
        const split = JSON.stringify(rows(splitPlain(text, layout.delimiter)));
        expect(split === JSON.stringify(rows(parseRecords(text, layout))), `${file} ${JSON.stringify(layout)}`).toBe(
          true,
        );
        compared++;
      }
    }
    // first-names.csv, GeoNames' US.txt and the small sources among them.
    expect(compared).toBeGreaterThanOrEqual(10);
  });

  it('gives the records csv-parse gives for any text without quotes or carriage returns', () => {
    const text = fc.stringMatching(/^[a-z0-9 ,\t\n'-]{0,60}$/);
    fc.assert(
      fc.property(text, fc.constantFrom(...layouts), (t, layout) => {
        expect(isPlain(t, layout)).toBe(true);
        expect(rows(splitPlain(t, layout.delimiter))).toEqual(rows(parseRecords(t, layout)));
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves quoted text and carriage returns to csv-parse', () => {
    expect(isPlain('a,b\n"x, y",3\n', { quoting: true })).toBe(false);
    expect(isPlain('1\tO"Hara\n', { quoting: false })).toBe(true);
    expect(isPlain('a,b\r\n1,2\r\n', { quoting: false })).toBe(false);
    const dir = fixture('a,b\r\n1,2\r\n');
    expect(readDelimited(dir, 'src/file.csv', { delimiter: ',', columns: ['a', 'b'], quoting: false })).toEqual([
      { line: 2, fields: ['1', '2'] },
    ]);
  });
});
