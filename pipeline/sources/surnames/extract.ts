import { readDelimited, type DelimitedRow } from '../../extract/read-delimited.js';
import { readLines } from '../../extract/read-lines.js';

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
  return {
    surnames: readLines(datasetsDir, SURNAMES_FILE).map(({ line, text }) => ({ line, fields: [text] })),
    anchor: readDelimited(datasetsDir, ANCHOR_FILE, { delimiter: ',', columns: ['surname', 'weight'], quoting: true }),
  };
}
