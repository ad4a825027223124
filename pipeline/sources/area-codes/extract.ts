import { readDelimited, type DelimitedRow } from '../../extract/read-delimited.js';

/** libphonenumber's English geocoding data for +1: number prefix -> region name. */
export const GEOCODING_FILE = 'libphonenumber-geocoding/nanp-en.tsv';
/** Area codes libphonenumber-js accepts, with region and number type. */
export const AREA_CODES_FILE = 'libphonenumber-js/nanp-area-codes.tsv';

/** Per geographic area code, the exchanges libphonenumber-js (max metadata) accepts, as ranges. */
export const EXCHANGES_FILE = 'libphonenumber-js/nanp-exchanges.tsv';

/** NANPA's overlays: overlay code, state, the codes it overlays, its in-service month and the row's source. */
export const OVERLAYS_FILE = 'nanpa-overlays/overlays.tsv';

/** The area-code sources, as rows. */
export interface AreaCodesRaw {
  geocoding: DelimitedRow[];
  validity: DelimitedRow[];
  exchanges: DelimitedRow[];
  overlays: DelimitedRow[];
}

/** Reads the four files. */
export function extractAreaCodes(datasetsDir: string): AreaCodesRaw {
  return {
    geocoding: readDelimited(datasetsDir, GEOCODING_FILE, {
      delimiter: '\t',
      columns: ['prefix', 'region'],
      quoting: false,
    }),
    validity: readDelimited(datasetsDir, AREA_CODES_FILE, {
      delimiter: '\t',
      columns: ['area_code', 'region', 'type'],
      quoting: false,
    }),
    exchanges: readDelimited(datasetsDir, EXCHANGES_FILE, {
      delimiter: '\t',
      columns: ['area_code', 'region', 'exchanges'],
      quoting: false,
    }),
    overlays: readDelimited(datasetsDir, OVERLAYS_FILE, {
      delimiter: '\t',
      columns: ['overlay', 'state', 'overlays', 'in_service', 'source'],
      quoting: false,
    }),
  };
}
