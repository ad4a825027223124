import type { SourceReport } from '../../source-report.js';
import { repairCity, SIMPLEMAPS_CITY_RULES } from '../../spelling/city-spelling.js';
import type { SimplemapsZip } from './validate.js';

/** Indexes rows by ZIP, applying its city-name repairs (pipeline/spelling/city-spelling.ts) so joined names can be compared. */
export function transformSimplemaps(zips: SimplemapsZip[], report: SourceReport): Map<string, SimplemapsZip> {
  const byZip = new Map<string, SimplemapsZip>();
  for (const z of zips) {
    byZip.set(z.zip, { ...z, city: repairCity(z.city, SIMPLEMAPS_CITY_RULES, report) });
  }
  return byZip;
}
