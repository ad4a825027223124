import { SourceError } from '../../source-error.js';
import { SourceReport } from '../../source-report.js';
import type { DelimitedRow } from '../../extract/read-delimited.js';
import type { FirstNameRecord } from '../../model.js';
import { FIRST_NAMES_FILE } from './extract.js';

/**
 * Entries SSA records when a birth was registered without a real name
 * ("infant", "baby", "unknown", ...), or with a title or suffix in the name
 * field ("jr", "master"), or a filler ("abcde", "na" for n/a). They are not
 * first names: each row is dropped and counted as `placeholder_name`.
 */
export const PLACEHOLDER_FIRST_NAMES: ReadonlySet<string> = new Set([
  'abcde', 'baby', 'babyboy', 'babygirl', 'boy', 'female', 'girl', 'infant', 'jr', 'male', 'master', 'na', 'notnamed', 'unknown', 'unnamed',
]);

/**
 * Every row: a lower-case name, sex F or M, a positive birth count; a (name, sex) pair once.
 * Placeholder entries ({@link PLACEHOLDER_FIRST_NAMES}) are dropped and counted.
 */
export function validateFirstNames(rows: DelimitedRow[]): { names: FirstNameRecord[]; report: SourceReport } {
  const report = new SourceReport(FIRST_NAMES_FILE);
  const seen = new Set<string>();
  const names: FirstNameRecord[] = [];
  for (const { line, fields: [name, sex, births] } of rows) {
    report.read();
    if (!/^[a-z][a-z'\-]*$/.test(name)) throw new SourceError(FIRST_NAMES_FILE, line, `name must be lower-case letters, found ${JSON.stringify(name)}`);
    if (sex !== 'F' && sex !== 'M') throw new SourceError(FIRST_NAMES_FILE, line, `sex must be F or M, found ${JSON.stringify(sex)}`);
    if (!/^[1-9]\d*$/.test(births)) throw new SourceError(FIRST_NAMES_FILE, line, `births must be a positive whole number, found ${JSON.stringify(births)}`);
    if (PLACEHOLDER_FIRST_NAMES.has(name)) {
      report.reject('placeholder_name');
      continue;
    }
    const key = `${sex}:${name}`;
    if (seen.has(key)) {
      report.reject('duplicate_name');
      continue;
    }
    seen.add(key);
    names.push({ name, sex, births: Number(births) });
  }
  return { names, report };
}
