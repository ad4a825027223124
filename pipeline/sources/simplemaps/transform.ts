import type { SourceReport } from '../../source-report.js';
import { mcCapital } from '../geonames/transform.js';
import type { SimplemapsZip } from './validate.js';

/** Indexes rows by ZIP, applying the same "Mc" repair as GeoNames so joined names agree. */
export function transformSimplemaps(zips: SimplemapsZip[], report: SourceReport): Map<string, SimplemapsZip> {
  const byZip = new Map<string, SimplemapsZip>();
  for (const z of zips) {
    const city = mcCapital(z.city);
    if (city !== z.city) report.repair('mc_capitalised');
    byZip.set(z.zip, { ...z, city });
  }
  return byZip;
}
