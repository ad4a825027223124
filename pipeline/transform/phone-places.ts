import { isGeneratableExchange } from '../../src/generator/phone.js';
import { byCodeUnit } from '../../src/code-unit-order.js';
import type { AreaCodeOverlayRecord, AreaCodeRecord, PhoneExchangeRecord, PhonePlaceRecord, ZipRecord } from '../model.js';
import { SourceError } from '../source-error.js';
import { SourceReport } from '../source-report.js';
import { GEOCODING_FILE, OVERLAYS_FILE } from '../sources/area-codes/extract.js';
import type { GeocodingEntry, Overlay } from '../sources/area-codes/validate.js';
import { placeKeys } from './place-name.js';

/** Label of the exchange accounting in the manifest: its rows are the exchanges 200..999 of every geographic area code. */
export const EXCHANGES_REPORT = `${GEOCODING_FILE}: exchanges of geographic area codes`;

/** Region names of the geocoding data that name a place without the "City, ST" form. */
export const PLACE_ALIASES: Readonly<Record<string, string>> = {
  'Washington D.C.': 'Washington, DC',
};

/** The place a geocoding region names, as "City, ST" with its state; null for a state, province or country. */
export function regionPlace(region: string, stateCodes: ReadonlySet<string>): { place: string; city: string; state: string } | null {
  const place = PLACE_ALIASES[region] ?? region;
  const match = /^(.+), ([A-Z]{2})$/.exec(place);
  return match && stateCodes.has(match[2]) ? { place, city: match[1], state: match[2] } : null;
}

/** Where the ZIPs of each (state, place key) are: population-weighted sums of their coordinates. */
function zipPlaceIndex(zips: readonly ZipRecord[]): Map<string, { weight: number; lat: number; lon: number }> {
  const index = new Map<string, { weight: number; lat: number; lon: number }>();
  for (const zip of zips) {
    if (zip.lat === null || zip.lon === null) continue;
    // PO-box ZIPs (no population) count as one person, so a place of PO boxes only still has a position.
    const weight = (zip.population ?? 0) + 1;
    const key = `${zip.state}:${placeKeys(zip.city)[0]}`;
    const sums = index.get(key) ?? { weight: 0, lat: 0, lon: 0 };
    sums.weight += weight;
    sums.lat += weight * zip.lat;
    sums.lon += weight * zip.lon;
    index.set(key, sums);
  }
  return index;
}

const round5 = (value: number): number => Math.round(value * 1e5) / 1e5;

/**
 * The exchanges (NPA-NXX) phones may use, each with the place
 * libphonenumber's geocoding data names for it, and the places with their
 * position from the ZIP sources.
 *
 * Every exchange 200..999 of every geographic area code is one row of the
 * accounting ({@link EXCHANGES_REPORT}). Its region is the longest prefix
 * of the number in the geocoding data (6 digits NPA-NXX, else 5 or 4
 * digits, else the area code's own entry: "212: New York, NY"). Rejected,
 * by reason: special-use exchanges (N11, 555, 950, 958, 959, 976); a
 * region that is no place ("California", "Ontario"); a place in another
 * state than the area code's; a place no ZIP of its state is named after.
 * A place's position is the population-weighted mean of its ZIPs' (names
 * compared by {@link placeKeys}).
 *
 * Overlay codes (NANPA's list, `overlays`) carry few or no places of their
 * own, and the area-code entry of one is wrong (934, Suffolk County's
 * overlay of 631, says "New York, NY"): an exchange of an overlay code
 * without an exchange-level entry takes the place the same NXX has in a
 * code it overlays (the first of them in turn from NXX mod their count,
 * the next one when that names no place of the state), counted as
 * `place_from_overlaid_code`; its own area-code entry is not used. Each
 * overlay and overlaid code must be a geographic code of the overlay's state.
 * @example compilePhonePlaces(geocoding, areaCodes, zips, stateCodes).exchanges[0] // { areaCode: '201', exchange: '200', place: 'Jersey City, NJ' }
 */
export function compilePhonePlaces(
  geocoding: readonly GeocodingEntry[],
  areaCodes: readonly AreaCodeRecord[],
  zips: readonly ZipRecord[],
  stateCodes: ReadonlySet<string>,
  overlays: readonly Overlay[] = [],
): { places: PhonePlaceRecord[]; exchanges: PhoneExchangeRecord[]; overlays: AreaCodeOverlayRecord[]; report: SourceReport } {
  const report = new SourceReport(EXCHANGES_REPORT);
  const stateOfCode = new Map(areaCodes.map((a) => [a.areaCode, a.state]));
  const overlaid = new Map<string, string[]>();
  for (const { overlay, state, overlays: parents } of overlays) {
    for (const code of [overlay, ...parents]) {
      if (stateOfCode.get(code) !== state) throw new SourceError(OVERLAYS_FILE, null, `overlay ${overlay} (${state}): ${code} is not a geographic area code of ${state} in libphonenumber-js`);
    }
    overlaid.set(overlay, parents);
  }
  const regionByPrefix = new Map(geocoding.map((entry) => [entry.prefix, entry.region]));
  const zipPlaces = zipPlaceIndex(zips);
  const places = new Map<string, PhonePlaceRecord | null>();
  const placeOf = (region: string): PhonePlaceRecord | null | undefined => {
    const named = regionPlace(region, stateCodes);
    if (!named) return undefined;
    if (!places.has(named.place)) {
      const sums = placeKeys(named.city).map((key) => zipPlaces.get(`${named.state}:${key}`)).find((found) => found !== undefined);
      places.set(named.place, sums ? { place: named.place, state: named.state, lat: round5(sums.lat / sums.weight), lon: round5(sums.lon / sums.weight) } : null);
    }
    return places.get(named.place);
  };

  const exchanges: PhoneExchangeRecord[] = [];
  for (const { areaCode, state } of areaCodes) {
    for (let nxx = 200; nxx <= 999; nxx++) {
      report.read();
      if (!isGeneratableExchange(nxx)) {
        report.reject('special_use_exchange');
        continue;
      }
      const number = areaCode + nxx;
      const parents = overlaid.get(areaCode);
      let region = [6, 5, 4, ...(parents ? [] : [3])].map((length) => regionByPrefix.get(number.slice(0, length))).find((found) => found !== undefined);
      let viaOverlay: string | undefined;
      if (region === undefined && parents) {
        for (let k = 0; k < parents.length && region === undefined; k++) {
          const parent = parents[(nxx + k) % parents.length];
          const candidate = [6, 5, 4, 3].map((length) => regionByPrefix.get((parent + nxx).slice(0, length))).find((found) => found !== undefined);
          const candidatePlace = candidate === undefined ? undefined : placeOf(candidate);
          if (candidatePlace && candidatePlace.state === state) {
            region = candidate;
            viaOverlay = parent;
          }
        }
        if (region !== undefined) report.repair('place_from_overlaid_code');
      }
      const place = region === undefined ? undefined : placeOf(region);
      if (place === undefined) report.reject('no_place_in_geocoding');
      else if (place === null) report.reject('place_not_in_zip_sources');
      else if (place.state !== state) report.reject('place_in_another_state');
      else exchanges.push({ areaCode, exchange: String(nxx), place: place.place, ...(viaOverlay ? { viaOverlay } : {}) });
    }
  }
  const used = new Set(exchanges.map((e) => e.place));
  return {
    places: [...places.values()].filter((p): p is PhonePlaceRecord => p !== null && used.has(p.place)).sort((a, b) => byCodeUnit(a.place, b.place)),
    exchanges: exchanges.sort((a, b) => byCodeUnit(a.areaCode, b.areaCode) || byCodeUnit(a.exchange, b.exchange)),
    overlays: [...overlaid]
      .flatMap(([overlay, parents]) => parents.map((overlaidCode, position) => ({ overlay, overlaid: overlaidCode, position })))
      .sort((a, b) => byCodeUnit(a.overlay, b.overlay) || a.position - b.position),
    report,
  };
}
