import { GEO_LAT_OFFSET, GEO_LON_OFFSET } from '../../src/data-index/geo-format.js';
import type { ZipGeo } from '../transform/zip-geo.js';
import { pack, widthFor, type Section } from './write-index.js';
import { StringTable } from './string-table.js';

/**
 * Serialises the compiled geography into the geo index (docs/index-format.md,
 * "The geo index"): the main index's container with the GEO_SECTIONS.
 */
export function writeGeoIndex(geo: ZipGeo, datasetVersion: string): Uint8Array {
  const strings = new StringTable();
  for (const c of geo.counties) strings.add(c.name);
  for (const t of geo.timeZones) strings.add(t);
  strings.freeze();
  const text = strings.encode();
  const noCounty = geo.counties.length;
  const noZone = geo.timeZones.length;
  const cellLat = geo.grids.map((g) => g.cellLat);
  const cellLon = geo.grids.map((g) => g.cellLon);
  const sections: Section[] = [
    { tag: 'STRD', type: 'u8', values: text.bytes },
    { tag: 'STRL', type: 'u8', values: text.lengths },
    { tag: 'GCFP', type: 'u32', values: geo.counties.map((c) => Number(c.fips)) },
    { tag: 'GCNM', type: 'u32', values: geo.counties.map((c) => strings.id(c.name)) },
    { tag: 'GTZN', type: 'u32', values: geo.timeZones.map((t) => strings.id(t)) },
    { tag: 'GZLA', type: 'u32', values: geo.rows.map((r) => (r ? r.lat + GEO_LAT_OFFSET : 0)) },
    { tag: 'GZLO', type: 'u32', values: geo.rows.map((r) => (r ? r.lon + GEO_LON_OFFSET : 0)) },
    { tag: 'GZCN', type: 'u16', values: geo.rows.map((r) => r?.county ?? noCounty) },
    { tag: 'GZTZ', type: 'u8', values: geo.rows.map((r) => r?.timeZone ?? noZone) },
    { tag: 'GSCA', type: widthFor(cellLat), values: cellLat },
    { tag: 'GSCO', type: widthFor(cellLon), values: cellLon },
    { tag: 'GSGL', type: 'u32', values: geo.grids.map((g) => g.low) },
    { tag: 'GSGH', type: 'u32', values: geo.grids.map((g) => g.high) },
  ];
  return pack(sections, datasetVersion);
}
