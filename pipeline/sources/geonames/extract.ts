import { readDelimited, type DelimitedRow } from '../../extract/read-delimited.js';

/** GeoNames' postal code dump file of the US. */
export const GEONAMES_FILE = 'geonames-us/US.txt';

/**
 * Reads the GeoNames tab-separated dump (12 columns, no header, no quoting):
 * country, postal code, place, admin1 name, admin1 code, admin2 name, admin2
 * code, admin3 name, admin3 code, latitude, longitude, accuracy.
 */
export function extractGeonames(datasetsDir: string): DelimitedRow[] {
  return readDelimited(datasetsDir, GEONAMES_FILE, { delimiter: '\t', columns: 12, quoting: false });
}
