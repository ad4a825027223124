import { afterEach, describe, expect, it } from 'vitest';
import { readDelimited } from '../../../pipeline/extract/read-delimited.js';
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
    expect(readDelimited(dir, 'src/file.csv', { delimiter: '\t', columns: 2, quoting: false })).toEqual([{ line: 1, fields: ['1', 'O"Hara'] }]);
  });

  it('names file and line of a row with the wrong number of fields', () => {
    const dir = fixture('a,b\n1,2\n3,4,5\n');
    expect(() => readDelimited(dir, 'src/file.csv', { delimiter: ',', columns: ['a', 'b'], quoting: true })).toThrow(
      new SourceError('src/file.csv', 3, 'expected 2 fields, found 3'),
    );
  });

  it('rejects a header that differs from the expected columns', () => {
    const dir = fixture('a,c\n1,2\n');
    expect(() => readDelimited(dir, 'src/file.csv', { delimiter: ',', columns: ['a', 'b'], quoting: true })).toThrow(/src\/file\.csv:1: header must be "a,b"/);
  });

  it('names the line of the first invalid UTF-8 byte', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('a,b\n1,2\n'), 0x33, 0xff, 0x2c, 0x34, 0x0a]);
    const dir = fixture(bytes);
    expect(() => readDelimited(dir, 'src/file.csv', { delimiter: ',', columns: ['a', 'b'], quoting: true })).toThrow(/src\/file\.csv:3: invalid UTF-8 at byte 9/);
  });
});
