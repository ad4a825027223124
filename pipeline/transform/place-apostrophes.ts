import type { ZipRecord } from '../model.js';
import type { SourceReport } from '../source-report.js';
import type { GeocodingEntry } from '../sources/area-codes/validate.js';
import { regionPlace } from './phone-places.js';

/** A place name compared by its letters and digits only ("Lee's Summit" and "Lees Summit" alike). */
const letterKey = (state: string, city: string): string => `${state}:${city.toLowerCase().replace(/[^a-z0-9]/g, '')}`;

/**
 * The place names with an apostrophe that libphonenumber's geocoding data
 * writes for US places ("Lee's Summit, MO", "Land O' Lakes, FL"): a list
 * independent of both ZIP sources, which write USPS style ("Lees Summit").
 * Keyed by state and letters.
 * @example apostrophePlaces(geocoding, codes).get('MO:leessummit') // "Lee's Summit"
 */
export function apostrophePlaces(
  geocoding: readonly GeocodingEntry[],
  stateCodes: ReadonlySet<string>,
): Map<string, string> {
  const places = new Map<string, string>();
  for (const { region } of geocoding) {
    const named = regionPlace(region, stateCodes);
    if (named?.city.includes("'")) places.set(letterKey(named.state, named.city), named.city);
  }
  return places;
}

/**
 * ZIPs whose city is a listed apostrophe place written without it (or with
 * it elsewhere: "Land O'Lakes"), which the rules of city-spelling.ts cannot
 * see ("Lees Summit" is not "Lee S Summit").
 */
export function zipsMissingApostrophes(zips: readonly ZipRecord[], places: ReadonlyMap<string, string>): ZipRecord[] {
  return zips.filter((z) => {
    const listed = places.get(letterKey(z.state, z.city));
    return listed !== undefined && listed !== z.city;
  });
}

/**
 * Gives every ZIP whose city is one of {@link apostrophePlaces} written
 * otherwise that place's spelling, counted on `report` as
 * `apostrophe_from_place_list` (so all five "Lees Summit" ZIPs become
 * "Lee's Summit" without a hand-made list).
 * @example withPlaceApostrophes(zips, places, report).find((z) => z.zip === '64063')!.city // "Lee's Summit"
 */
export function withPlaceApostrophes(
  zips: ZipRecord[],
  places: ReadonlyMap<string, string>,
  report: SourceReport,
): ZipRecord[] {
  const missing = new Set(zipsMissingApostrophes(zips, places));
  return zips.map((z) => {
    if (!missing.has(z)) return z;
    report.repair('apostrophe_from_place_list');
    return { ...z, city: places.get(letterKey(z.state, z.city))! };
  });
}
