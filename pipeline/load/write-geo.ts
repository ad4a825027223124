import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DataIndex } from '../../src/data-index/data-index.js';
import type { CompiledData } from '../model.js';
import { COUNTIES_SOURCE, countiesPath, type County } from '../sources/counties/extract.js';
import { geoFidelity } from '../transform/geo-fidelity.js';
import { compileZipGeo } from '../transform/zip-geo.js';
import { writeGeoIndex } from './write-geo-index.js';
import { sha256Hex } from '../sha256-hex.js';

/** What the geo step needs from the sources: the county polygons and SimpleMaps' density per ZIP. */
export interface GeoSources {
  counties: Map<string, County>;
  density: Map<string, number>;
}

/**
 * Compiles the geo index against the built main index (its ZS order) and
 * measures the fidelity of generated points; both go to dist-data/.
 */
export function buildGeo(
  data: CompiledData,
  sources: GeoSources,
  index: Uint8Array,
): { bytes: Uint8Array; manifest: Record<string, unknown> } {
  const zsRows = DataIndex.fromBytes(index).table('ZS').items;
  const geo = compileZipGeo(data.zips, data.states, sources.density, zsRows, sources.counties);
  const bytes = writeGeoIndex(geo, data.datasetVersion);
  const fidelity = geoFidelity(index, bytes, data.zips, sources.counties);
  const cells = geo.grids.map((g) => popcount(g.low) + popcount(g.high));
  return {
    bytes,
    manifest: {
      // The boundaries are a pinned dev dependency, not a file of datasets/: their version and hash, for the record.
      boundaries: {
        package: `us-atlas@${(createRequire(import.meta.url)('us-atlas/package.json') as { version: string }).version}`,
        file: COUNTIES_SOURCE,
        sha256: sha256Hex(readFileSync(countiesPath())),
      },
      timeZonesBy: `@photostructure/tz-lookup@${(createRequire(import.meta.url)('@photostructure/tz-lookup/package.json') as { version: string }).version}`,
      counties: geo.counties.length,
      timeZones: geo.timeZones.length,
      residentialZipsWithGrid: cells.filter((c) => c > 0).length,
      meanGridCells: Math.round((cells.reduce((a, c) => a + c, 0) / cells.length) * 10) / 10,
      exceptions: geo.exceptions,
      fidelity,
    },
  };
}

function popcount(bits: number): number {
  let n = 0;
  for (let b = bits; b !== 0; b &= b - 1) n++;
  return n;
}
