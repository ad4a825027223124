import { byCodeUnit } from '../../src/code-unit-order.js';
import type { CompiledData, PhonePlaceRecord, ZipPhonePlaceRecord, ZipRecord } from '../model.js';
import { distanceKm } from './distance.js';
import { placeKeys } from './place-name.js';
import { residentialWeights } from './residential.js';

/** Within this distance a ZIP takes the phone place named as its city (farther: two towns of one name, the nearest place instead). */
export const OWN_PLACE_MAX_KM = 50;

/** Whether a phone place ("New York, NY") is the place a ZIP's city names ("New York"), names compared by {@link placeKeys}. */
export function isOwnPlace(city: string, place: string): boolean {
  return placeKeys(city).includes(placeKey(place));
}

/** The key a phone place ("St. Louis, MO") is compared by: the first of {@link placeKeys} of its name without the state. */
function placeKey(place: string): string {
  return placeKeys(place.replace(/, [A-Z]{2}$/, ''))[0];
}

/**
 * The phone place of every residential ZIP: the place its city names when
 * that place has exchanges and lies within {@link OWN_PLACE_MAX_KM} (so a
 * Manhattan ZIP, "New York", takes New York's 212/646/332/917 exchanges
 * even where a Brooklyn or Queens place is nearer its coordinates),
 * otherwise the nearest place of its state that has exchanges (ties: the
 * first place in code-point order), with the distance. An address's phone uses an exchange of that place, so the
 * number is as local as the sources allow, and always of the state. ZIPs of
 * a state without any place (territories whose geocoding names no place)
 * get none; their phones fall back to any exchange of the state's area codes.
 * Sorted by ZIP.
 * @example zipPhonePlaces(data.zips, residentialWeights(data), places)[0] // { zip: '01001', place: 'Agawam, MA', distanceM: 0 }
 */
export function zipPhonePlaces(
  zips: readonly ZipRecord[],
  residential: ReadonlyMap<string, number>,
  places: readonly PhonePlaceRecord[],
): ZipPhonePlaceRecord[] {
  // isOwnPlace with each name's keys computed once: a place's key, a city's keys when a place is near enough to ask.
  const byState = new Map<string, { place: PhonePlaceRecord; key: string }[]>();
  for (const place of places) {
    const candidates = byState.get(place.state) ?? [];
    candidates.push({ place, key: placeKey(place.place) });
    byState.set(place.state, candidates);
  }
  const cityKeys = new Map<string, string[]>();
  const keysOf = (city: string): string[] => cityKeys.get(city) ?? cityKeys.set(city, placeKeys(city)).get(city)!;
  const records: ZipPhonePlaceRecord[] = [];
  for (const zip of zips) {
    const candidates = byState.get(zip.state);
    if (!residential.has(zip.zip) || !candidates || zip.lat === null || zip.lon === null) continue;
    let nearest = candidates[0].place;
    let best = Infinity;
    let own: { place: PhonePlaceRecord; km: number } | null = null;
    for (const { place, key } of candidates) {
      const d = distanceKm(zip.lat, zip.lon, place.lat, place.lon);
      if (d < best) {
        best = d;
        nearest = place;
      }
      if (!own && d <= OWN_PLACE_MAX_KM && keysOf(zip.city).includes(key)) own = { place, km: d };
    }
    const chosen = own ?? { place: nearest, km: best };
    records.push({ zip: zip.zip, place: chosen.place.place, distanceM: Math.round(chosen.km * 1000) });
  }
  return records;
}

/** How local default addresses' phones are, as the manifest reports it. */
export interface PhoneLocality {
  /** Share of default addresses (50 states and DC, drawn by population) whose phone's place is within 25 km of the ZIP. */
  defaultAddressesWithin25Km: number;
  /** The same within 50 km (the target: at least 0.95). */
  defaultAddressesWithin50Km: number;
  /** Share of residential ZIPs (each counted once) with their phone place within 25 km. */
  residentialZipsWithin25Km: number;
  /** The same within 50 km. */
  residentialZipsWithin50Km: number;
  /** Share of default addresses whose phone's exchange is one the geocoding data names for the ZIP's own place (its city). */
  defaultAddressesOwnPlace: number;
  /** States and territories with residential ZIPs but no phone place: their phones use any exchange of the state. */
  statesWithoutPlaces: string[];
}

const share = (part: number, whole: number): number => Math.round((part / whole) * 10_000) / 10_000;

/**
 * Shares of default addresses and of residential ZIPs whose phone place is
 * within 25 and 50 km. A default address is in one of the 50 states or DC
 * with probability proportional to its ZIP's population (the state draw is
 * by population, then the ZIP draw within it), so the address share weights
 * each ZIP by its population; ZIPs without a place count as beyond.
 * @example phoneLocality(data).defaultAddressesWithin50Km // 0.98
 */
export function phoneLocality(data: CompiledData): PhoneLocality {
  const residential = residentialWeights(data);
  const distance = new Map(data.zipPhonePlaces.map((z) => [z.zip, z.distanceM / 1000]));
  const placeOf = new Map(data.zipPhonePlaces.map((z) => [z.zip, z.place]));
  let peopleOwn = 0;
  const kind = new Map(data.states.map((s) => [s.code, s.kind]));
  let people = 0;
  let people25 = 0;
  let people50 = 0;
  let zips25 = 0;
  let zips50 = 0;
  const withoutPlaces = new Set<string>();
  for (const zip of data.zips) {
    const weight = residential.get(zip.zip);
    if (weight === undefined) continue;
    const km = distance.get(zip.zip) ?? Infinity;
    if (km === Infinity) withoutPlaces.add(zip.state);
    if (km <= 25) zips25++;
    if (km <= 50) zips50++;
    const state = kind.get(zip.state);
    if ((state === 'state' || state === 'district') && (zip.population ?? 0) > 0) {
      people += weight;
      if (km <= 25) people25 += weight;
      if (km <= 50) people50 += weight;
      const place = placeOf.get(zip.zip);
      if (place !== undefined && isOwnPlace(zip.city, place)) peopleOwn += weight;
    }
  }
  return {
    defaultAddressesWithin25Km: share(people25, people),
    defaultAddressesWithin50Km: share(people50, people),
    residentialZipsWithin25Km: share(zips25, residential.size),
    residentialZipsWithin50Km: share(zips50, residential.size),
    defaultAddressesOwnPlace: share(peopleOwn, people),
    statesWithoutPlaces: [...withoutPlaces].sort(byCodeUnit),
  };
}
