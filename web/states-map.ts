/**
 * The demo's map of the states, made at build time from us-atlas's
 * states-albers-10m.json (Census boundaries already projected with d3's
 * geoAlbersUsa at scale 1300 into a 975 x 610 frame): one SVG path, inlined
 * into the bundle, so the page fetches nothing for it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoPath } from 'd3-geo';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { mesh } from 'topojson-client';

/** The frame of us-atlas's Albers files, which the browser's projection must match. */
export const MAP_FRAME = { width: 975, height: 610, scale: 1300 } as const;

/**
 * The outlines of the states (each shared border once) as an SVG path, to one decimal.
 * @example statesMapPath().startsWith('M') // true
 */
export function statesMapPath(): string {
  const file = createRequire(import.meta.url).resolve('us-atlas/states-albers-10m.json');
  const topology = JSON.parse(readFileSync(file, 'utf8')) as Topology<{
    states: GeometryCollection;
    nation: GeometryCollection;
  }>;
  // Already projected: the identity projection, with coordinates rounded to whole pixels of the 975 x 610 frame (at
  // most half a pixel off, a third of one at the page's widest map): 17.9 KiB gzipped where tenths of a pixel were
  // 30.5, which the demo's 2 MB budget needed once the related kinds and the identifier fields joined the bundle.
  return geoPath(null).digits(0)(mesh(topology, topology.objects.states)) ?? '';
}
