import type { SourceReport } from '../../source-report.js';
import { GEONAMES_CITY_RULES, repairCity } from '../../spelling/city-spelling.js';
import type { GeonamesZip } from './validate.js';

/**
 * GeoNames names military ZIPs "APO AA", "FPO AE"..., and the state label in
 * that name is wrong on many rows; USPS addresses them with the city APO,
 * FPO or DPO and the state from the prefix, so the label is cut off.
 * @example militaryCity('APO AA') // "APO"
 */
export function militaryCity(place: string): string | null {
  const match = /^(APO|FPO|DPO)\b/.exec(place);
  return match ? match[1] : null;
}

/** Applies the city-name repairs (pipeline/spelling/city-spelling.ts), counting the rows each changes. */
export function transformGeonames(zips: GeonamesZip[], report: SourceReport): GeonamesZip[] {
  return zips.map((z) => {
    let place = repairCity(z.place, GEONAMES_CITY_RULES, report);
    const military = ['AA', 'AE', 'AP'].includes(z.state) ? militaryCity(place) : null;
    if (military && military !== place) {
      report.repair('military_city_label_removed');
      place = military;
    }
    return { ...z, place };
  });
}
