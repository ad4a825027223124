import { readFileSync } from 'node:fs';
import { decodeUtf8, readDelimited, type DelimitedRow } from '../../extract/read-delimited.js';

/** The 1990 Census surname list, one per line in rank order. */
export const SURNAMES_FILE = 'census-1990-surnames/surnames.txt';
/** Top-1000 surname weights from python faker: only the shape of the curve is used. */
export const ANCHOR_FILE = 'faker-python-surnames/top-surnames.csv';

/** Both surname files as rows. */
export interface SurnamesRaw {
  surnames: DelimitedRow[];
  anchor: DelimitedRow[];
}

/** Reads the rank list (line n is rank n) and the anchor weights. */
export function extractSurnames(datasetsDir: string): SurnamesRaw {
  const text = decodeUtf8(readFileSync(`${datasetsDir}/${SURNAMES_FILE}`), SURNAMES_FILE);
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  return {
    surnames: lines.map((line, i) => ({ line: i + 1, fields: [line] })),
    anchor: readDelimited(datasetsDir, ANCHOR_FILE, { delimiter: ',', columns: ['surname', 'weight'], quoting: true }),
  };
}
