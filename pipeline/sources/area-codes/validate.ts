import { SourceError } from '../../source-error.js';
import { SourceReport } from '../../source-report.js';
import type { AreaCodesRaw } from './extract.js';
import { AREA_CODES_FILE, GEOCODING_FILE, OVERLAYS_FILE } from './extract.js';

/** A geocoding entry: a prefix of 3 to 7 digits and a region name. */
export interface GeocodingEntry {
  prefix: string;
  region: string;
}

/** A geographic area code and the libphonenumber-js region that owns it. */
export interface GeographicCode {
  areaCode: string;
  region: string;
}

/** An overlay code, its state and the codes it overlays (older first), as NANPA lists them. */
export interface Overlay {
  overlay: string;
  state: string;
  overlays: string[];
}

/** Regions of libphonenumber-js that are US states or territories. */
export const US_REGIONS = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP']);

/** Checked entries, and the geographic codes (other number types are counted and dropped). */
export function validateAreaCodes(raw: AreaCodesRaw): { geocoding: GeocodingEntry[]; codes: GeographicCode[]; overlays: Overlay[]; reports: SourceReport[] } {
  const geoReport = new SourceReport(GEOCODING_FILE);
  const geocoding = raw.geocoding.map(({ line, fields: [prefix, region] }) => {
    geoReport.read();
    if (!/^[2-9]\d{2,6}$/.test(prefix)) throw new SourceError(GEOCODING_FILE, line, `prefix must be 3 to 7 digits starting 2-9, found ${JSON.stringify(prefix)}`);
    if (region.trim() === '') throw new SourceError(GEOCODING_FILE, line, `prefix ${prefix} has no region`);
    return { prefix, region };
  });
  const validityReport = new SourceReport(AREA_CODES_FILE);
  const codes: GeographicCode[] = [];
  for (const { line, fields: [areaCode, region, type] } of raw.validity) {
    validityReport.read();
    if (!/^[2-9]\d{2}$/.test(areaCode)) throw new SourceError(AREA_CODES_FILE, line, `area code must be three digits starting 2-9, found ${JSON.stringify(areaCode)}`);
    if (!US_REGIONS.has(region)) throw new SourceError(AREA_CODES_FILE, line, `region must be one of ${[...US_REGIONS].join(', ')}, found ${JSON.stringify(region)}`);
    if (type !== 'geographic') {
      validityReport.reject(`not_geographic_${type}`);
      continue;
    }
    codes.push({ areaCode, region });
  }
  const overlayReport = new SourceReport(OVERLAYS_FILE);
  const seen = new Set<string>();
  const overlays = raw.overlays.map(({ line, fields: [overlay, state, parents] }): Overlay => {
    overlayReport.read();
    const list = parents.split(' ');
    if (![overlay, ...list].every((code) => /^[2-9]\d{2}$/.test(code))) throw new SourceError(OVERLAYS_FILE, line, `area codes must be three digits starting 2-9, found ${JSON.stringify([overlay, parents])}`);
    if (!/^[A-Z]{2}$/.test(state)) throw new SourceError(OVERLAYS_FILE, line, `state must be a two-letter code, found ${JSON.stringify(state)}`);
    if (seen.has(overlay) || list.includes(overlay)) throw new SourceError(OVERLAYS_FILE, line, `overlay ${overlay} is listed twice or overlays itself`);
    seen.add(overlay);
    return { overlay, state, overlays: list };
  });
  return { geocoding, codes, overlays, reports: [geoReport, validityReport, overlayReport] };
}
