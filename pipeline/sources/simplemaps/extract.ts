import { readDelimited, type DelimitedRow } from '../../extract/read-delimited.js';

/** SimpleMaps US ZIPs (free edition), cut out of its npm package as CSV. */
export const SIMPLEMAPS_FILE = 'simplemaps-us-zips/uszips.csv';

/** The columns of SimpleMaps' uszips.csv, in order. */
export const SIMPLEMAPS_COLUMNS = [
  'zip',
  'lat',
  'lng',
  'city',
  'state_id',
  'state_name',
  'zcta',
  'parent_zcta',
  'population',
  'density',
  'county_fips',
  'county_name',
  'county_weights',
  'county_names_all',
  'county_fips_all',
  'imprecise',
  'military',
  'timezone',
] as const;

/** Reads the CSV; the header must be exactly {@link SIMPLEMAPS_COLUMNS}. */
export function extractSimplemaps(datasetsDir: string): DelimitedRow[] {
  return readDelimited(datasetsDir, SIMPLEMAPS_FILE, { delimiter: ',', columns: SIMPLEMAPS_COLUMNS, quoting: true });
}
