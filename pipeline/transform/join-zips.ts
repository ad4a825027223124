import { byCodeUnit } from '../../src/code-unit-order.js';
import type { ZipRecord } from '../model.js';
import { SourceError } from '../source-error.js';
import type { SourceReport } from '../source-report.js';
import { militaryStateOf, type GeonamesZip } from '../sources/geonames/validate.js';
import type { SimplemapsZip } from '../sources/simplemaps/validate.js';
import { preferredSpelling } from '../spelling/city-spelling.js';

/**
 * Joins the ZIP sources. GeoNames gives the ZIP list and the city; SimpleMaps,
 * joined on ZIP, gives population, county, timezone and coordinates, and the
 * territories GeoNames lacks. The ZIP type is approximated: military by
 * prefix, `standard` when SimpleMaps (ZCTAs only) has the ZIP, otherwise
 * `po_box_or_unique`. Sorted by ZIP.
 *
 * Where both sources write the same city name differently, SimpleMaps'
 * spelling is taken ({@link preferredSpelling}), counted on the GeoNames
 * report.
 */
export function joinZips(
  geonames: GeonamesZip[],
  geonamesReport: SourceReport,
  simplemaps: Map<string, SimplemapsZip>,
  simplemapsReport: SourceReport,
): ZipRecord[] {
  const zips: ZipRecord[] = [];
  const joined = new Set<string>();
  for (const g of geonames) {
    const s = simplemaps.get(g.zip);
    if (s) {
      if (s.state !== g.state)
        throw new SourceError(
          'simplemaps-us-zips/uszips.csv',
          null,
          `ZIP ${g.zip} is in ${s.state} there but in ${g.state} in GeoNames`,
        );
      joined.add(g.zip);
    }
    const city = s ? preferredSpelling(g.place, s.city) : g.place;
    if (city !== g.place) geonamesReport.repair('city_spelling_from_simplemaps');
    zips.push({
      zip: g.zip,
      city,
      state: g.state,
      county: s?.county ?? (g.county || null),
      countyFips: s?.countyFips ?? null,
      timezone: s?.timezone ?? null,
      lat: s?.lat ?? g.lat,
      lon: s?.lon ?? g.lon,
      population: s?.population ?? null,
      density: s?.density ?? null,
      type: militaryStateOf(g.zip) ? 'military' : s ? 'standard' : 'po_box_or_unique',
    });
  }
  // SimpleMaps-only ZIPs: the territories (and any ZCTA GeoNames lacks).
  for (const s of simplemaps.values()) {
    if (joined.has(s.zip)) continue;
    simplemapsReport.repair('zip_not_in_geonames_added');
    zips.push({ ...s, type: 'standard' });
  }
  return zips.sort((a, b) => byCodeUnit(a.zip, b.zip));
}
