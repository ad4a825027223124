import { readDelimited, type DelimitedRow } from '../../extract/read-delimited.js';

/** SSA first names aggregated by the vendor step (lower-case, as SSA writes them). */
export const FIRST_NAMES_FILE = 'ssa-baby-names/first-names.csv';

/** Reads `name,sex,births`. */
export function extractFirstNames(datasetsDir: string): DelimitedRow[] {
  return readDelimited(datasetsDir, FIRST_NAMES_FILE, { delimiter: ',', columns: ['name', 'sex', 'births'], quoting: true });
}
