import { readDelimited, type DelimitedRow } from '../../extract/read-delimited.js';

/** libphonenumber's English geocoding data for +1: number prefix -> region name. */
export const GEOCODING_FILE = 'libphonenumber-geocoding/nanp-en.tsv';
/** Area codes libphonenumber-js accepts, with region and number type. */
export const AREA_CODES_FILE = 'libphonenumber-js/nanp-area-codes.tsv';

/** The two area-code sources, as rows. */
export interface AreaCodesRaw {
  geocoding: DelimitedRow[];
  validity: DelimitedRow[];
}

/** Reads both files. */
export function extractAreaCodes(datasetsDir: string): AreaCodesRaw {
  return {
    geocoding: readDelimited(datasetsDir, GEOCODING_FILE, { delimiter: '\t', columns: ['prefix', 'region'], quoting: false }),
    validity: readDelimited(datasetsDir, AREA_CODES_FILE, { delimiter: '\t', columns: ['area_code', 'region', 'type'], quoting: false }),
  };
}
