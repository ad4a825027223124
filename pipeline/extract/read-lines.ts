import { readFileSync } from 'node:fs';
import { decodeUtf8 } from './read-delimited.js';

/** One line of a plain text source, with its 1-based line number. */
export interface SourceLine {
  file: string;
  line: number;
  text: string;
}

/**
 * Reads a one-item-per-line text source strictly (invalid UTF-8 names the line); a final newline ends the last line.
 * @example readLines(root, 'census-1990-surnames/surnames.txt')[0] // { file, line: 1, text: 'Smith' }
 */
export function readLines(datasetsDir: string, file: string): SourceLine[] {
  const text = decodeUtf8(readFileSync(`${datasetsDir}/${file}`), file);
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  return lines.map((line, i) => ({ file, line: i + 1, text: line }));
}
