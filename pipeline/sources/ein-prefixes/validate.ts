import { SourceError } from '../../source-error.js';
import { SourceReport } from '../../source-report.js';
import type { DelimitedRow } from '../../extract/read-delimited.js';
import type { EinPrefixRecord } from '../../model.js';
import { EIN_PREFIXES_FILE } from './extract.js';

/** Prefixes the IRS has never assigned; a source listing one is wrong. */
export const NEVER_ASSIGNED_EIN_PREFIXES = new Set([
  '00',
  '07',
  '08',
  '09',
  '17',
  '18',
  '19',
  '28',
  '29',
  '49',
  '69',
  '70',
  '78',
  '79',
  '89',
  '96',
  '97',
]);

/** Every row: two digits not in the never-assigned list and a campus; a (prefix, campus) pair once. */
export function validateEinPrefixes(rows: DelimitedRow[]): { prefixes: EinPrefixRecord[]; report: SourceReport } {
  const report = new SourceReport(EIN_PREFIXES_FILE);
  const seen = new Set<string>();
  const prefixes: EinPrefixRecord[] = [];
  for (const {
    line,
    fields: [prefix, campus],
  } of rows) {
    report.read();
    if (!/^\d{2}$/.test(prefix))
      throw new SourceError(EIN_PREFIXES_FILE, line, `prefix must be two digits, found ${JSON.stringify(prefix)}`);
    if (NEVER_ASSIGNED_EIN_PREFIXES.has(prefix))
      throw new SourceError(EIN_PREFIXES_FILE, line, `prefix ${prefix} was never assigned by the IRS`);
    if (campus.trim() === '') throw new SourceError(EIN_PREFIXES_FILE, line, 'empty campus');
    if (seen.has(`${prefix}:${campus}`)) {
      report.reject('duplicate_row');
      continue;
    }
    seen.add(`${prefix}:${campus}`);
    prefixes.push({ prefix, campus });
  }
  return { prefixes, report };
}
