import { readDelimited, type DelimitedRow } from '../../extract/read-delimited.js';

/** IRS campus prefixes as validator.js lists them. */
export const EIN_PREFIXES_FILE = 'irs-ein-prefixes/ein-prefixes.csv';

/** Reads `prefix,campus`. */
export function extractEinPrefixes(datasetsDir: string): DelimitedRow[] {
  return readDelimited(datasetsDir, EIN_PREFIXES_FILE, {
    delimiter: ',',
    columns: ['prefix', 'campus'],
    quoting: true,
  });
}
