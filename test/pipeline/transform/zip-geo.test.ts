import type { Feature, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import type { County } from '../../../pipeline/sources/counties/extract.js';
import {
  DEFAULT_RADIUS_KM,
  MAX_RADIUS_KM,
  segmentMeetsRect,
  zipGrid,
  zipRadiusKm,
} from '../../../pipeline/transform/zip-geo.js';

/** A square county from (-88, 41) to (-87, 42), near Chicago (time zone America/Chicago), counter-clockwise as d3-geo wants exteriors. */
function squareCounty(west: number, south: number, east: number, north: number): County {
  const ring = [
    [west, south],
    [west, north],
    [east, north],
    [east, south],
    [west, south],
  ];
  const f: Feature<Polygon> = { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } };
  const segments: number[] = [];
  for (let i = 1; i < ring.length; i++) segments.push(...ring[i - 1], ...ring[i]);
  return {
    fips: '17031',
    name: 'Square',
    feature: f,
    segments: Float64Array.from(segments),
    bbox: [west, south, east, north],
  };
}

const bits = (g: { low: number; high: number }): number[] =>
  Array.from({ length: 64 }, (_, k) => k).filter((k) => (k < 32 ? (g.low >>> k) & 1 : (g.high >>> (k - 32)) & 1));

describe('segmentMeetsRect', () => {
  it('finds segments that cross, touch or lie inside a rectangle, and not those beside it', () => {
    expect(segmentMeetsRect(-1, 0.5, 2, 0.5, 0, 0, 1, 1)).toBe(true);
    expect(segmentMeetsRect(0.2, 0.2, 0.3, 0.3, 0, 0, 1, 1)).toBe(true);
    expect(segmentMeetsRect(-1, 2, 2, 2, 0, 0, 1, 1)).toBe(false);
    expect(segmentMeetsRect(-1, -0.5, 0.4, 1.6, 0, 0, 1, 1)).toBe(true);
    expect(segmentMeetsRect(1.5, -1, 3, 1, 0, 0, 1, 1)).toBe(false);
  });
});

describe('zipGrid', () => {
  it('allows the cells of the disc when the county holds all of them', () => {
    const grid = zipGrid(4_150_000, -8_750_000, 2, squareCounty(-88, 41, -87, 42), 'America/Chicago');
    // The disc of radius 4 cells keeps the cells whose centres are within it: 8 x 8 less 3 in each corner.
    expect(bits(grid)).toHaveLength(52);
    expect(grid.cellLat).toBe(Math.round(((4 / 111.32) * 100_000) / 8));
  });

  it('leaves out the cells beyond the county boundary, and those a boundary crosses', () => {
    // The county's east edge (-87.497) crosses the fifth column, just east of the centroid.
    const grid = zipGrid(4_150_000, -8_750_000, 2, squareCounty(-88, 41, -87.497, 42), 'America/Chicago');
    const columns = new Set(bits(grid).map((k) => k % 8));
    expect([...columns].sort()).toEqual([0, 1, 2, 3]);
    expect(bits(grid).length).toBe(26);
  });

  it('allows no cell in another time zone', () => {
    expect(bits(zipGrid(4_150_000, -8_750_000, 2, squareCounty(-88, 41, -87, 42), 'America/New_York'))).toEqual([]);
  });
});

describe('zipRadiusKm', () => {
  it('is the radius of a disc of population / density km², bounded, or the default without both', () => {
    expect(zipRadiusKm(10_000, 1000)).toBeCloseTo(Math.sqrt(10 / Math.PI), 10);
    expect(zipRadiusKm(null, 1000)).toBe(DEFAULT_RADIUS_KM);
    expect(zipRadiusKm(5, 0)).toBe(DEFAULT_RADIUS_KM);
    expect(zipRadiusKm(1_000_000, 0.01)).toBe(MAX_RADIUS_KM);
  });
});
