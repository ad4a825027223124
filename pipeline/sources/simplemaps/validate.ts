import { SourceError } from '../../source-error.js';
import { SourceReport } from '../../source-report.js';
import type { DelimitedRow } from '../../extract/read-delimited.js';
import { SIMPLEMAPS_COLUMNS, SIMPLEMAPS_FILE } from './extract.js';

/** A checked SimpleMaps row: the fields the dataset uses. */
export interface SimplemapsZip {
  zip: string;
  city: string;
  state: string;
  county: string | null;
  countyFips: string | null;
  timezone: string | null;
  lat: number;
  lon: number;
  /** Null where SimpleMaps leaves it blank. */
  population: number | null;
  /** People per km², null where blank. */
  density: number | null;
}

const column = Object.fromEntries(SIMPLEMAPS_COLUMNS.map((name, i) => [name, i])) as Record<
  (typeof SIMPLEMAPS_COLUMNS)[number],
  number
>;

/** Checks every row; a malformed one stops the build. Repeated ZIPs are dropped and counted. */
export function validateSimplemaps(
  rows: DelimitedRow[],
  stateCodes: ReadonlySet<string>,
): { zips: SimplemapsZip[]; report: SourceReport } {
  const report = new SourceReport(SIMPLEMAPS_FILE);
  const seen = new Set<string>();
  const zips: SimplemapsZip[] = [];
  for (const { line, fields } of rows) {
    report.read();
    const fail = (what: string): never => {
      throw new SourceError(SIMPLEMAPS_FILE, line, what);
    };
    const zip = fields[column.zip];
    const state = fields[column.state_id];
    const population = fields[column.population];
    const density = fields[column.density];
    const countyFips = fields[column.county_fips];
    const lat = Number(fields[column.lat]);
    const lon = Number(fields[column.lng]);
    if (!/^\d{5}$/.test(zip)) fail(`ZIP must be five digits, found ${JSON.stringify(zip)}`);
    if (!stateCodes.has(state)) fail(`unknown state ${JSON.stringify(state)} for ZIP ${zip}`);
    if (fields[column.city].trim() === '') fail(`ZIP ${zip} has no city`);
    if (population !== '' && !/^\d+$/.test(population))
      fail(`population must be a whole number, found ${JSON.stringify(population)}`);
    if (density !== '' && !(Number(density) >= 0))
      fail(`density must be a non-negative number, found ${JSON.stringify(density)}`);
    if (countyFips !== '' && !/^\d{5}$/.test(countyFips))
      fail(`county_fips must be five digits, found ${JSON.stringify(countyFips)}`);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || fields[column.lat] === '' || fields[column.lng] === '')
      fail(`ZIP ${zip} has no valid coordinates`);
    if (seen.has(zip)) {
      report.reject('duplicate_zip');
      continue;
    }
    seen.add(zip);
    zips.push({
      zip,
      city: fields[column.city],
      state,
      county: fields[column.county_name] || null,
      countyFips: countyFips || null,
      timezone: fields[column.timezone] || null,
      lat,
      lon,
      population: population === '' ? null : Number(population),
      density: density === '' ? null : Number(density),
    });
  }
  return { zips, report };
}
