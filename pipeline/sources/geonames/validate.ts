import { SourceError } from '../../source-error.js';
import { SourceReport } from '../../source-report.js';
import type { DelimitedRow } from '../../extract/read-delimited.js';
import { GEONAMES_FILE } from './extract.js';

/** A checked GeoNames ZIP row. */
export interface GeonamesZip {
  zip: string;
  place: string;
  state: string;
  county: string;
  lat: number | null;
  lon: number | null;
}

/**
 * The military "state" of an APO/FPO ZIP by its three-digit prefix (USPS):
 * 090-098 AE, 340 AA, 962-966 AP. GeoNames leaves the state empty on these
 * and mislabels some, so the prefix decides.
 * @example militaryStateOf('09001') // "AE"
 */
export function militaryStateOf(zip: string): 'AA' | 'AE' | 'AP' | null {
  const prefix = Number(zip.slice(0, 3));
  if (prefix >= 90 && prefix <= 98) return 'AE';
  if (prefix === 340) return 'AA';
  if (prefix >= 962 && prefix <= 966) return 'AP';
  return null;
}

function coordinate(text: string, file: string, line: number): number | null {
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new SourceError(file, line, `coordinate ${JSON.stringify(text)} is not a number`);
  return value;
}

/**
 * Checks every row: country US, a five-digit ZIP, a place name and a known
 * state. Repairs military states from the prefix; drops repeated ZIPs.
 */
export function validateGeonames(
  rows: DelimitedRow[],
  stateCodes: ReadonlySet<string>,
): { zips: GeonamesZip[]; report: SourceReport } {
  const report = new SourceReport(GEONAMES_FILE);
  const seen = new Set<string>();
  const zips: GeonamesZip[] = [];
  // 96860 and 96863 appear twice: once in HI and once as "FPO AA" with no state.
  const zipsWithState = new Set(rows.filter((r) => r.fields[4] !== '').map((r) => r.fields[1]));
  for (const { line, fields } of rows) {
    report.read();
    const [country, zip, place, , stateCode, county, , , , lat, lon] = fields;
    if (country !== 'US')
      throw new SourceError(GEONAMES_FILE, line, `country must be US, found ${JSON.stringify(country)}`);
    if (!/^\d{5}$/.test(zip))
      throw new SourceError(GEONAMES_FILE, line, `ZIP must be five digits, found ${JSON.stringify(zip)}`);
    if (place.trim() === '') throw new SourceError(GEONAMES_FILE, line, `ZIP ${zip} has no place name`);
    let state = stateCode;
    const military = militaryStateOf(zip);
    if (military) {
      if (state !== military) report.repair(state === '' ? 'military_state_from_prefix' : 'military_state_relabelled');
      state = military;
    } else if (state === '' && zipsWithState.has(zip)) {
      report.reject('duplicate_zip_without_state');
      continue;
    } else if (!stateCodes.has(state)) {
      throw new SourceError(GEONAMES_FILE, line, `unknown state ${JSON.stringify(state)} for ZIP ${zip}`);
    }
    if (seen.has(zip)) {
      report.reject('duplicate_zip');
      continue;
    }
    seen.add(zip);
    zips.push({
      zip,
      place,
      state,
      county,
      lat: coordinate(lat, GEONAMES_FILE, line),
      lon: coordinate(lon, GEONAMES_FILE, line),
    });
  }
  return { zips, report };
}
