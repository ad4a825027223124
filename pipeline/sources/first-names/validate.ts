import { SourceError } from '../../source-error.js';
import { SourceReport } from '../../source-report.js';
import type { DelimitedRow } from '../../extract/read-delimited.js';
import type { FirstNameRecord } from '../../model.js';
import { FIRST_NAMES_FILE } from './extract.js';

/** Every row: a lower-case name, sex F or M, a positive birth count; a (name, sex) pair once. */
export function validateFirstNames(rows: DelimitedRow[]): { names: FirstNameRecord[]; report: SourceReport } {
  const report = new SourceReport(FIRST_NAMES_FILE);
  const seen = new Set<string>();
  const names: FirstNameRecord[] = [];
  for (const { line, fields: [name, sex, births] } of rows) {
    report.read();
    if (!/^[a-z][a-z'\-]*$/.test(name)) throw new SourceError(FIRST_NAMES_FILE, line, `name must be lower-case letters, found ${JSON.stringify(name)}`);
    if (sex !== 'F' && sex !== 'M') throw new SourceError(FIRST_NAMES_FILE, line, `sex must be F or M, found ${JSON.stringify(sex)}`);
    if (!/^[1-9]\d*$/.test(births)) throw new SourceError(FIRST_NAMES_FILE, line, `births must be a positive whole number, found ${JSON.stringify(births)}`);
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
