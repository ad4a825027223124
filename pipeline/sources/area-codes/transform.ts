import { byCodeUnit } from '../../../src/code-unit-order.js';
import type { AreaCodeRecord, StateRecord } from '../../model.js';
import type { SourceReport } from '../../source-report.js';
import type { GeocodingEntry, GeographicCode } from './validate.js';
import { isGeneratableExchange } from '../../../src/generator/phone.js';

/** Region names of the geocoding data that are not a state's name as ISO writes it. */
export const REGION_ALIASES: Readonly<Record<string, string>> = {
  'Washington State': 'WA',
  'Washington D.C.': 'DC',
};

/**
 * The state code of a geocoding region name: a full state name, an alias,
 * or "City, ST"; null for anything else (Canadian provinces, Caribbean places).
 * @example regionState('Philadelphia, PA', names) // "PA"
 */
export function regionState(
  region: string,
  stateByName: ReadonlyMap<string, string>,
  codes: ReadonlySet<string>,
): string | null {
  const direct = REGION_ALIASES[region] ?? stateByName.get(region);
  if (direct) return direct;
  const cityState = /, ([A-Z]{2})$/.exec(region);
  return cityState && codes.has(cityState[1]) ? cityState[1] : null;
}

/**
 * Assigns each geographic code to a state and weights it. US codes take the
 * state of their three-digit geocoding entry; codes without a usable one
 * (203, 310, 713, 718) take the majority state of their exchange-level
 * entries. Territory codes take their libphonenumber-js region. Each keeps
 * the exchanges libphonenumber-js accepts that phones may use. The weight is
 * the number of exchange-level entries, at least 1, so a state picks among
 * its codes roughly by how many exchanges each has.
 */
export function transformAreaCodes(
  geocoding: GeocodingEntry[],
  codes: GeographicCode[],
  states: StateRecord[],
  reports: SourceReport[],
): AreaCodeRecord[] {
  const [geoReport, validityReport] = reports;
  const stateByName = new Map(states.map((s) => [s.name, s.code]));
  const stateCodes = new Set(states.map((s) => s.code));
  const byCode = new Map<string, { top: GeocodingEntry | undefined; votes: Map<string, number>; exchanges: number }>();
  for (const code of codes) byCode.set(code.areaCode, { top: undefined, votes: new Map(), exchanges: 0 });
  for (const entry of geocoding) {
    const info = byCode.get(entry.prefix.slice(0, 3));
    if (!info) {
      geoReport.reject('not_a_us_geographic_code');
      continue;
    }
    if (entry.prefix.length === 3) {
      info.top = entry;
      continue;
    }
    info.exchanges++;
    const state = regionState(entry.region, stateByName, stateCodes);
    if (state) info.votes.set(state, (info.votes.get(state) ?? 0) + 1);
  }
  const records: AreaCodeRecord[] = [];
  for (const { areaCode, region, exchanges } of codes) {
    const info = byCode.get(areaCode)!;
    let state: string | null;
    let regionName: string;
    if (region !== 'US') {
      state = region;
      regionName = states.find((s) => s.code === region)?.name ?? region;
    } else {
      state = info.top ? regionState(info.top.region, stateByName, stateCodes) : null;
      regionName = info.top?.region ?? '';
      if (!state) {
        const ranked = [...info.votes].sort(([a, x], [b, y]) => y - x || byCodeUnit(a, b));
        state = ranked[0]?.[0] ?? null;
        if (state) {
          validityReport.repair('state_by_exchange_majority');
          regionName = `${states.find((s) => s.code === state)!.name} (by exchange majority)`;
        }
      }
    }
    if (!state) {
      validityReport.reject('no_state_in_geocoding');
      continue;
    }
    const usable = exchanges.filter(isGeneratableExchange);
    if (usable.length === 0) {
      validityReport.reject('no_generatable_valid_exchange');
      continue;
    }
    records.push({ areaCode, state, weight: Math.max(1, info.exchanges), region: regionName, exchanges: usable });
  }
  return records.sort((a, b) => byCodeUnit(a.areaCode, b.areaCode));
}
