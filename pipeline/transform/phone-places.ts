import { isGeneratableExchange } from '../../src/generator/phone.js';
import { byCodeUnit } from '../../src/code-unit-order.js';
import type {
  AreaCodeOverlayRecord,
  AreaCodeRecord,
  PhoneExchangeRecord,
  PhonePlaceRecord,
  ZipRecord,
} from '../model.js';
import { SourceError } from '../source-error.js';
import { SourceReport } from '../source-report.js';
import { GEOCODING_FILE, OVERLAYS_FILE } from '../sources/area-codes/extract.js';
import type { GeocodingEntry, Overlay } from '../sources/area-codes/validate.js';
import { placeKeys } from './place-name.js';
import { exchangesInService, spreadEvenly } from './area-code-shares.js';

/** Label of the exchange accounting in the manifest: its rows are the exchanges 200..999 of every geographic area code. */
export const EXCHANGES_REPORT = `${GEOCODING_FILE}: exchanges of geographic area codes`;

/** Region names of the geocoding data that name a place without the "City, ST" form. */
export const PLACE_ALIASES: Readonly<Record<string, string>> = {
  'Washington D.C.': 'Washington, DC',
};

/** The place a geocoding region names, as "City, ST" with its state; null for a state, province or country. */
export function regionPlace(
  region: string,
  stateCodes: ReadonlySet<string>,
): { place: string; city: string; state: string } | null {
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
 * by reason: special-use exchanges (N11, 555, 950, 958, 959, 976); an
 * exchange libphonenumber-js (max metadata) does not accept (983-6XX); a
 * region that is no place ("California", "Ontario"); a place in another
 * state than the area code's; a place no ZIP of its state is named after.
 * A place's position is the population-weighted mean of its ZIPs' (names
 * compared by {@link placeKeys}).
 *
 * Overlay codes (NANPA's list, `overlays`) carry few or no places of their
 * own, and the area-code entry of one is wrong (934, Suffolk County's
 * overlay of 631, says "New York, NY"): an exchange of an overlay code
 * whose own exchange-level entries name no place of its state takes the
 * place the same NXX has as an own exchange of a code it overlays (the
 * first of them in turn from NXX mod their count, the next one when that
 * names no place of the state), counted as `place_from_overlaid_code`; its
 * own area-code entry is not used. Each
 * overlay and overlaid code must be a geographic code of the overlay's state.
 * An overlay code then keeps only its share of exchanges in service
 * ({@link thinOverlays}).
 * @example compilePhonePlaces(geocoding, areaCodes, zips, stateCodes).exchanges[0] // { areaCode: '201', exchange: '200', place: 'Jersey City, NJ' }
 */
export function compilePhonePlaces(
  geocoding: readonly GeocodingEntry[],
  areaCodes: readonly AreaCodeRecord[],
  zips: readonly ZipRecord[],
  stateCodes: ReadonlySet<string>,
  overlays: readonly Overlay[] = [],
): {
  places: PhonePlaceRecord[];
  exchanges: PhoneExchangeRecord[];
  overlays: AreaCodeOverlayRecord[];
  report: SourceReport;
} {
  const report = new SourceReport(EXCHANGES_REPORT);
  const stateOfCode = new Map(areaCodes.map((a) => [a.areaCode, a.state]));
  const overlaid = new Map<string, string[]>();
  for (const { overlay, state, overlays: parents } of overlays) {
    for (const code of [overlay, ...parents]) {
      if (stateOfCode.get(code) !== state)
        throw new SourceError(
          OVERLAYS_FILE,
          null,
          `overlay ${overlay} (${state}): ${code} is not a geographic area code of ${state} in libphonenumber-js`,
        );
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
      const sums = placeKeys(named.city)
        .map((key) => zipPlaces.get(`${named.state}:${key}`))
        .find((found) => found !== undefined);
      places.set(
        named.place,
        sums
          ? {
              place: named.place,
              state: named.state,
              lat: round5(sums.lat / sums.weight),
              lon: round5(sums.lon / sums.weight),
            }
          : null,
      );
    }
    return places.get(named.place);
  };

  const validByCode = new Map(areaCodes.map((a) => [a.areaCode, new Set(a.exchanges)]));
  const exchanges: PhoneExchangeRecord[] = [];
  for (const { areaCode, state, exchanges: valid } of areaCodes) {
    const validSet = new Set(valid);
    for (let nxx = 200; nxx <= 999; nxx++) {
      report.read();
      if (!isGeneratableExchange(nxx)) {
        report.reject('special_use_exchange');
        continue;
      }
      if (!validSet.has(nxx)) {
        report.reject('invalid_in_libphonenumber');
        continue;
      }
      const number = areaCode + nxx;
      const parents = overlaid.get(areaCode);
      const region = [6, 5, 4, ...(parents ? [] : [3])]
        .map((length) => regionByPrefix.get(number.slice(0, length)))
        .find((found) => found !== undefined);
      let place = region === undefined ? undefined : placeOf(region);
      let viaOverlay: string | undefined;
      if (parents && !(place && place.state === state)) {
        // An exchange of an overlay whose own entry names no place of the state takes the place of an overlaid code's own exchange of that NXX.
        for (let k = 0; k < parents.length && viaOverlay === undefined; k++) {
          const parent = parents[(nxx + k) % parents.length];
          if (!validByCode.get(parent)?.has(nxx)) continue;
          // A parent that is itself an overlay lends the places of its own exchange entries only, as its own exchanges take them.
          const candidate = (overlaid.has(parent) ? [6, 5, 4] : [6, 5, 4, 3])
            .map((length) => regionByPrefix.get((parent + nxx).slice(0, length)))
            .find((found) => found !== undefined);
          const candidatePlace = candidate === undefined ? undefined : placeOf(candidate);
          if (candidatePlace && candidatePlace.state === state) {
            place = candidatePlace;
            viaOverlay = parent;
          }
        }
        if (viaOverlay !== undefined) report.repair('place_from_overlaid_code');
      }
      if (place === undefined) report.reject('no_place_in_geocoding');
      else if (place === null) report.reject('place_not_in_zip_sources');
      else if (place.state !== state) report.reject('place_in_another_state');
      else
        exchanges.push({ areaCode, exchange: String(nxx), place: place.place, ...(viaOverlay ? { viaOverlay } : {}) });
    }
  }
  const { inService, derivedKept } = thinOverlays(exchanges, areaCodes, overlays, report);
  const used = new Set(inService.map((e) => e.place));
  return {
    places: [...places.values()]
      .filter((p): p is PhonePlaceRecord => p !== null && used.has(p.place))
      .sort((a, b) => byCodeUnit(a.place, b.place)),
    exchanges: inService.sort((a, b) => byCodeUnit(a.areaCode, b.areaCode) || byCodeUnit(a.exchange, b.exchange)),
    overlays: [...overlaid]
      .flatMap(([overlay, parents]) =>
        parents.map((overlaidCode, position) => ({
          overlay,
          overlaid: overlaidCode,
          position,
          derivedExchanges: derivedKept.get(overlay) ?? 0,
        })),
      )
      .sort((a, b) => byCodeUnit(a.overlay, b.overlay) || a.position - b.position),
    report,
  };
}

/**
 * Gives each overlay code its share of the places' exchanges: the
 * geocoding data knows a part of its parents' exchanges in service (their
 * exchanges here / their {@link exchangesInService}), and the overlay keeps
 * that part of its own exchanges in service. Its own exchange entries
 * stay; of its derived exchanges (placed through its parents), the rest of
 * that count is kept, spread evenly over their NXX ({@link spreadEvenly}),
 * and the others are rejected as `overlay_exchange_not_in_service`.
 * Overlays are taken by in-service month, so a newer one (346) counts an
 * older one (832) as thinned. Within a place, a phone's code then follows
 * the codes' exchanges in service: 748 (no exchange before 970 is
 * exhausted) keeps a few at most.
 */
function thinOverlays(
  exchanges: readonly PhoneExchangeRecord[],
  areaCodes: readonly AreaCodeRecord[],
  overlays: readonly Overlay[],
  report: SourceReport,
): { inService: PhoneExchangeRecord[]; derivedKept: Map<string, number> } {
  const inService = exchangesInService(areaCodes, overlays);
  const byCode = new Map<string, PhoneExchangeRecord[]>();
  for (const e of exchanges) {
    const ofCode = byCode.get(e.areaCode) ?? [];
    ofCode.push(e);
    byCode.set(e.areaCode, ofCode);
  }
  const dropped = new Set<PhoneExchangeRecord>();
  const derivedKept = new Map<string, number>();
  const ordered = [...overlays].sort(
    (a, b) => byCodeUnit(a.inService, b.inService) || byCodeUnit(a.overlay, b.overlay),
  );
  for (const { overlay, overlays: parents } of ordered) {
    const known = parents.reduce((a, p) => a + (byCode.get(p)?.length ?? 0), 0);
    const inServiceTotal = parents.reduce((a, p) => a + inService.get(p)!, 0);
    const all = byCode.get(overlay) ?? [];
    const own = all.filter((e) => e.viaOverlay === undefined);
    const derived = all.filter((e) => e.viaOverlay !== undefined);
    const target = Math.round((inService.get(overlay)! * known) / inServiceTotal);
    const kept = spreadEvenly(derived, Math.max(0, target - own.length));
    const keep = new Set(kept);
    for (const e of derived) {
      if (keep.has(e)) continue;
      dropped.add(e);
      report.reject('overlay_exchange_not_in_service');
    }
    derivedKept.set(overlay, kept.length);
    byCode.set(overlay, [...own, ...kept]);
  }
  return { inService: exchanges.filter((e) => !dropped.has(e)), derivedKept };
}
