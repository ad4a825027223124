import { SourceError } from '../../source-error.js';
import { SourceReport } from '../../source-report.js';
import type { AreaCodesRaw } from './extract.js';
import { AREA_CODES_FILE, EXCHANGES_FILE, GEOCODING_FILE, OVERLAYS_FILE } from './extract.js';

/** A geocoding entry: a prefix of 3 to 7 digits and a region name. */
export interface GeocodingEntry {
  prefix: string;
  region: string;
}

/** A geographic area code, the libphonenumber-js region that owns it and its exchanges valid there (NXX, ascending). */
export interface GeographicCode {
  areaCode: string;
  region: string;
  exchanges: number[];
}

/** An overlay code, its state, the codes it overlays (older first), as NANPA lists them, and the month its first exchanges opened (YYYY-MM). */
export interface Overlay {
  overlay: string;
  state: string;
  overlays: string[];
  inService: string;
}

/** Regions of libphonenumber-js that are US states or territories. */
export const US_REGIONS = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP']);

/** Checked entries, and the geographic codes (other number types are counted and dropped). */
export function validateAreaCodes(raw: AreaCodesRaw): {
  geocoding: GeocodingEntry[];
  codes: GeographicCode[];
  overlays: Overlay[];
  reports: SourceReport[];
} {
  const geoReport = new SourceReport(GEOCODING_FILE);
  const geocoding = raw.geocoding.map(({ line, fields: [prefix, region] }) => {
    geoReport.read();
    if (!/^[2-9]\d{2,6}$/.test(prefix))
      throw new SourceError(
        GEOCODING_FILE,
        line,
        `prefix must be 3 to 7 digits starting 2-9, found ${JSON.stringify(prefix)}`,
      );
    if (region.trim() === '') throw new SourceError(GEOCODING_FILE, line, `prefix ${prefix} has no region`);
    return { prefix, region };
  });
  const validityReport = new SourceReport(AREA_CODES_FILE);
  const codes: GeographicCode[] = [];
  for (const {
    line,
    fields: [areaCode, region, type],
  } of raw.validity) {
    validityReport.read();
    if (!/^[2-9]\d{2}$/.test(areaCode))
      throw new SourceError(
        AREA_CODES_FILE,
        line,
        `area code must be three digits starting 2-9, found ${JSON.stringify(areaCode)}`,
      );
    if (!US_REGIONS.has(region))
      throw new SourceError(
        AREA_CODES_FILE,
        line,
        `region must be one of ${[...US_REGIONS].join(', ')}, found ${JSON.stringify(region)}`,
      );
    if (type !== 'geographic') {
      validityReport.reject(`not_geographic_${type}`);
      continue;
    }
    codes.push({ areaCode, region, exchanges: [] });
  }
  // The valid exchanges of each geographic code: one row per code, ranges of NXX 200..999 ascending.
  const exchangesReport = new SourceReport(EXCHANGES_FILE);
  const byKey = new Map(codes.map((c) => [`${c.areaCode} ${c.region}`, c]));
  for (const {
    line,
    fields: [areaCode, region, ranges],
  } of raw.exchanges) {
    exchangesReport.read();
    const code = byKey.get(`${areaCode} ${region}`);
    if (!code)
      throw new SourceError(
        EXCHANGES_FILE,
        line,
        `${areaCode} (${region}) is not a geographic code of ${AREA_CODES_FILE}`,
      );
    if (code.exchanges.length > 0)
      throw new SourceError(EXCHANGES_FILE, line, `${areaCode} (${region}) is listed twice`);
    code.exchanges = parseExchangeRanges(ranges, (what) => new SourceError(EXCHANGES_FILE, line, what));
  }
  const missing = codes.find((c) => c.exchanges.length === 0);
  if (missing)
    throw new SourceError(
      EXCHANGES_FILE,
      null,
      `geographic code ${missing.areaCode} (${missing.region}) has no valid exchanges listed`,
    );
  const overlayReport = new SourceReport(OVERLAYS_FILE);
  const seen = new Set<string>();
  const overlays = raw.overlays.map(({ line, fields: [overlay, state, parents, inService, source] }): Overlay => {
    overlayReport.read();
    if (!/^(19|20)\d\d-(0[1-9]|1[0-2])$/.test(inService ?? ''))
      throw new SourceError(
        OVERLAYS_FILE,
        line,
        `in_service must be a month YYYY-MM, found ${JSON.stringify(inService)}`,
      );
    if (!source?.trim()) throw new SourceError(OVERLAYS_FILE, line, `overlay ${overlay} has no source`);
    const list = parents.split(' ');
    if (![overlay, ...list].every((code) => /^[2-9]\d{2}$/.test(code)))
      throw new SourceError(
        OVERLAYS_FILE,
        line,
        `area codes must be three digits starting 2-9, found ${JSON.stringify([overlay, parents])}`,
      );
    if (!/^[A-Z]{2}$/.test(state))
      throw new SourceError(OVERLAYS_FILE, line, `state must be a two-letter code, found ${JSON.stringify(state)}`);
    if (seen.has(overlay) || list.includes(overlay))
      throw new SourceError(OVERLAYS_FILE, line, `overlay ${overlay} is listed twice or overlays itself`);
    seen.add(overlay);
    return { overlay, state, overlays: list, inService };
  });
  checkOverlayOrder(overlays);
  return { geocoding, codes, overlays, reports: [geoReport, validityReport, overlayReport, exchangesReport] };
}

/**
 * An area's codes open one after another: an overlay opened after another
 * overlay of the same codes (the older one's codes all among its own)
 * overlays that one too, and opens later than every overlay it lists.
 * 748, listed over 303/720 after 983 had opened over them, fails it (748
 * overlays 970).
 * @example checkOverlayOrder([{ overlay: '983', state: 'CO', overlays: ['303', '720'], inService: '2022-06' }]) // passes
 */
export function checkOverlayOrder(overlays: readonly Overlay[]): void {
  const byCode = new Map(overlays.map((o) => [o.overlay, o]));
  for (const newer of overlays) {
    for (const older of overlays) {
      if (older === newer || older.inService > newer.inService) continue;
      const sameCodes = older.overlays.every((code) => newer.overlays.includes(code));
      if (sameCodes && older.inService <= newer.inService && !newer.overlays.includes(older.overlay)) {
        throw new SourceError(
          OVERLAYS_FILE,
          null,
          `overlay ${newer.overlay} (${newer.inService}) overlays ${older.overlays.join(' ')} after ${older.overlay} (${older.inService}) did, so it must overlay ${older.overlay} too: check which codes ${newer.overlay} overlays`,
        );
      }
    }
    for (const parent of newer.overlays) {
      const listed = byCode.get(parent);
      if (listed && listed.inService > newer.inService)
        throw new SourceError(
          OVERLAYS_FILE,
          null,
          `overlay ${newer.overlay} (${newer.inService}) lists ${parent}, which opened later (${listed.inService})`,
        );
    }
  }
}

/**
 * The exchanges of a "200-599 700-999 810" list, ascending; ranges must be
 * ascending, apart and within 200..999.
 * @example parseExchangeRanges('200-202 310', fail) // [200, 201, 202, 310]
 */
export function parseExchangeRanges(ranges: string, fail: (what: string) => Error): number[] {
  const out: number[] = [];
  for (const range of ranges.split(' ')) {
    const match = /^([2-9]\d{2})(?:-([2-9]\d{2}))?$/.exec(range);
    const first = Number(match?.[1]);
    const last = match?.[2] === undefined ? first : Number(match[2]);
    if (!match || last < first || (out.length > 0 && first <= out[out.length - 1] + 1))
      throw fail(
        `exchanges must be ascending ranges of NXX 200..999 such as "200-599 700-999", found ${JSON.stringify(range)}`,
      );
    for (let nxx = first; nxx <= last; nxx++) out.push(nxx);
  }
  return out;
}
