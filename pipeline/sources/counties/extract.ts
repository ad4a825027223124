import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** Where the county boundaries come from: npm us-atlas (Census cartographic boundaries, 1:10m, 2017), pinned by the lock file. */
export const COUNTIES_SOURCE = 'us-atlas/counties-10m.json';

/** A county polygon of us-atlas with what the point checks need. */
export interface County {
  /** Five-digit FIPS code. */
  fips: string;
  name: string;
  feature: Feature<Polygon | MultiPolygon>;
  /** Every boundary segment as [lon1, lat1, lon2, lat2], for the cell-crossing test. */
  segments: Float64Array;
  /** [west, south, east, north] of the segments. */
  bbox: [number, number, number, number];
}

/**
 * Reads the us-atlas county boundaries (a build-time dev dependency, never
 * shipped) and converts them to GeoJSON features by FIPS code.
 */
export function extractCounties(): Map<string, County> {
  return countiesOf(readFileSync(countiesPath(), 'utf8'));
}

/** Where the installed us-atlas counties file is. */
export function countiesPath(): string {
  return createRequire(import.meta.url).resolve(COUNTIES_SOURCE);
}

function countiesOf(json: string): Map<string, County> {
  const topology = JSON.parse(json) as Topology<{ counties: GeometryCollection<{ name: string }> }>;
  const counties = new Map<string, County>();
  for (const geometry of topology.objects.counties.geometries) {
    const f = feature(topology, geometry) as Feature<Polygon | MultiPolygon, { name: string }>;
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    const segments: number[] = [];
    const bbox: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const ring of polygons.flat()) {
      for (let i = 1; i < ring.length; i++) {
        const [x1, y1] = ring[i - 1];
        const [x2, y2] = ring[i];
        segments.push(x1, y1, x2, y2);
        bbox[0] = Math.min(bbox[0], x1);
        bbox[1] = Math.min(bbox[1], y1);
        bbox[2] = Math.max(bbox[2], x1);
        bbox[3] = Math.max(bbox[3], y1);
      }
    }
    counties.set(String(geometry.id), {
      fips: String(geometry.id),
      name: f.properties.name,
      feature: f,
      segments: Float64Array.from(segments),
      bbox,
    });
  }
  return counties;
}
