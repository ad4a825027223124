import type { SourceReport } from '../../source-report.js';
import type { GeonamesZip } from './validate.js';

/**
 * USPS writes "Mc" names as "Mccall"; the documented repair restores the
 * capital after "Mc" at the start of a word ("McCall", "Port McNeil").
 * @example mcCapital('Mccall') // "McCall"
 */
export function mcCapital(city: string): string {
  return city.replace(/\bMc([a-z])/g, (_, letter: string) => 'Mc' + letter.toUpperCase());
}

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

/** Applies the city-name repairs, counting the rows each changes. */
export function transformGeonames(zips: GeonamesZip[], report: SourceReport): GeonamesZip[] {
  return zips.map((z) => {
    let place = mcCapital(z.place);
    if (place !== z.place) report.repair('mc_capitalised');
    const military = ['AA', 'AE', 'AP'].includes(z.state) ? militaryCity(place) : null;
    if (military && military !== place) {
      report.repair('military_city_label_removed');
      place = military;
    }
    return { ...z, place };
  });
}
