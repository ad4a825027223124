import { geoContains } from 'd3-geo';
import fc from 'fast-check';
import type { Feature, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { extractCounties } from '../../../pipeline/sources/counties/extract.js';
import { featureContains, PolygonContainment } from '../../../pipeline/transform/county-containment.js';

const counties = [...extractCounties().values()];

/** Points that test a polygon hardest: its vertices, points just off them, edge midpoints, and the build's grid of 10^-5 degree. */
function hardPoints(ring: number[][], rand: () => number): [number, number][] {
  const points: [number, number][] = [];
  for (let i = 1; i < ring.length; i++) {
    const [x0, y0] = ring[i - 1];
    const [x1, y1] = ring[i];
    points.push([x0, y0], [(x0 + x1) / 2, (y0 + y1) / 2]);
    const t = rand();
    points.push([x0 + t * (x1 - x0), y0 + t * (y1 - y0)]);
    for (const d of [1e-12, 1e-9, 1e-7, 1e-5, 1e-3]) {
      points.push([x0 + d, y0], [x0 - d, y0], [x0, y0 + d], [x0, y0 - d], [x0 + d, y0 - d]);
    }
    // The build's corners are whole multiples of 10^-5 degree: the ones round the vertex.
    const u = (v: number) => Math.round(v * 100_000);
    for (let a = -1; a <= 1; a++)
      for (let b = -1; b <= 1; b++) points.push([(u(x0) + a) / 100_000, (u(y0) + b) / 100_000]);
  }
  return points;
}

describe('PolygonContainment', () => {
  it("answers as d3-geo's geoContains on every vertex, near every vertex and on every edge of every 7th us-atlas county", () => {
    let seed = 33;
    const rand = (): number => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
    let tested = 0;
    let inside = 0;
    for (let c = 0; c < counties.length; c += 7) {
      const county = counties[c];
      const containment = new PolygonContainment(county.feature);
      const g = county.feature.geometry;
      const rings = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates).flat();
      for (const ring of rings) {
        for (const [lon, lat] of hardPoints(ring, rand)) {
          const expected = geoContains(county.feature, [lon, lat]);
          if (containment.contains(lon, lat) !== expected)
            throw new Error(`county ${county.fips} at [${lon}, ${lat}]: d3-geo says ${expected}`);
          tested++;
          if (expected) inside++;
        }
      }
    }
    expect(tested).toBeGreaterThan(100_000);
    // Both answers occur often: the test is not passing on an all-false or all-true polygon.
    expect(inside / tested).toBeGreaterThan(0.2);
    expect(inside / tested).toBeLessThan(0.8);
  });

  it("answers as d3-geo's geoContains on random points in and around random counties (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: counties.length - 1 }),
        fc.double({ min: -0.1, max: 1.1, noNaN: true }),
        fc.double({ min: -0.1, max: 1.1, noNaN: true }),
        (c, u, v) => {
          const { feature, bbox } = counties[c];
          const lon = bbox[0] + u * (bbox[2] - bbox[0]);
          const lat = bbox[1] + v * (bbox[3] - bbox[1]);
          return featureContains(feature, lon, lat) === geoContains(feature, [lon, lat]);
        },
      ),
      { numRuns: 20_000, seed: 33 },
    );
  });

  it('agrees on polygons that cross the antimeridian, hold the pole, or wind clockwise (the whole sphere but a square)', () => {
    const square = (ring: number[][]): Feature<Polygon> => ({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates: [ring] },
    });
    const shapes = [
      square([
        [170, 50],
        [170, 60],
        [-170, 60],
        [-170, 50],
        [170, 50],
      ]),
      square([
        [-10, 80],
        [110, 80],
        [-130, 80],
        [-10, 80],
      ]),
      square([
        [-88, 41],
        [-87, 41],
        [-87, 42],
        [-88, 42],
        [-88, 41],
      ]),
      square([
        [-88, 41],
        [-88, 42],
        [-87, 42],
        [-87, 41],
        [-88, 41],
      ]),
    ];
    let seed = 7;
    const rand = (): number => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
    for (const shape of shapes) {
      const containment = new PolygonContainment(shape);
      const points: [number, number][] = [
        ...hardPoints(shape.geometry.coordinates[0], rand),
        [0, 90],
        [0, -90],
        [180, 55],
        [-180, 55],
      ];
      for (let k = 0; k < 2_000; k++) points.push([rand() * 360 - 180, rand() * 180 - 90]);
      for (const [lon, lat] of points)
        expect(containment.contains(lon, lat), `[${lon}, ${lat}]`).toBe(geoContains(shape, [lon, lat]));
    }
  });
});
