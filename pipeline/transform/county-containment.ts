import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import { geoContains } from 'd3-geo';

// d3-geo 3's constants, computed as it computes them.
const PI = Math.PI;
const TAU = PI * 2;
const HALF_PI = PI / 2;
const RADIANS = PI / 180;
const EPSILON = 1e-6;

/** d3-geo's longitude(): a longitude in radians brought into [-pi, pi]. */
function longitude(lambda: number): number {
  return Math.abs(lambda) <= PI ? lambda : Math.sign(lambda) * (((Math.abs(lambda) + PI) % TAU) - PI);
}

/** d3-geo's asin(), clamped. */
function asin(x: number): number {
  return x > 1 ? HALF_PI : x < -1 ? -HALF_PI : Math.asin(x);
}

/**
 * One polygon (exterior and holes) prepared for repeated point tests: per
 * edge the values d3-geo's polygonContains derives from the ring alone, and
 * the edges bucketed in strips of longitude.
 */
class PreparedPolygon {
  /** Whether the south pole is inside (d3-geo's test on the ring's winding and area; it does not depend on the point). */
  readonly southPoleInside: boolean;
  private readonly lambda0: Float64Array;
  private readonly lambda1: Float64Array;
  /** Per edge: 1 when it crosses the antimeridian, 0 otherwise. */
  private readonly antimeridian: Uint8Array;
  /** Per edge: 1 when its longitude delta is >= 0. */
  private readonly eastward: Uint8Array;
  /** Per edge: the normalised cross product of its ends (d3-geo's `arc`), x, y, z. */
  private readonly arc: Float64Array;
  /** Edges crossing the antimeridian: checked for every point. */
  private readonly alwaysChecked: number[] = [];
  private readonly west: number;
  private readonly east: number;
  private readonly stripWidth: number;
  private readonly strips: number;
  /** Edges of strip s: stripEdges[stripStart[s] .. stripStart[s + 1]). */
  private readonly stripStart: Int32Array;
  private readonly stripEdges: Int32Array;

  constructor(rings: Position[][]) {
    const l0: number[] = [];
    const l1: number[] = [];
    const anti: number[] = [];
    const east: number[] = [];
    const arc: number[] = [];
    for (const ring of rings) {
      // d3-geo drops the closing point and walks from the last point back to the first.
      const m = ring.length - 1;
      if (m <= 0) continue;
      const radians = ring.slice(0, m).map((p) => [p[0] * RADIANS, p[1] * RADIANS]);
      let point0 = radians[m - 1];
      for (let j = 0; j < m; j++) {
        const point1 = radians[j];
        const lambda0 = longitude(point0[0]);
        const lambda1 = longitude(point1[0]);
        const delta = lambda1 - lambda0;
        const sign = delta >= 0 ? 1 : -1;
        l0.push(lambda0);
        l1.push(lambda1);
        anti.push(sign * delta > PI ? 1 : 0);
        east.push(delta >= 0 ? 1 : 0);
        const a = cartesian(point0);
        const b = cartesian(point1);
        const cross = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
        const length = Math.sqrt(cross[0] * cross[0] + cross[1] * cross[1] + cross[2] * cross[2]);
        arc.push(cross[0] / length, cross[1] / length, cross[2] / length);
        point0 = point1;
      }
    }
    this.lambda0 = Float64Array.from(l0);
    this.lambda1 = Float64Array.from(l1);
    this.antimeridian = Uint8Array.from(anti);
    this.eastward = Uint8Array.from(east);
    this.arc = Float64Array.from(arc);

    // Strips of longitude: an edge without the antimeridian can cross a point's meridian only when
    // min(lambda0, lambda1) < lambda <= max(lambda0, lambda1), so it is listed in every strip that range meets.
    let west = Infinity;
    let eastmost = -Infinity;
    for (let e = 0; e < l0.length; e++) {
      if (anti[e]) {
        this.alwaysChecked.push(e);
        continue;
      }
      west = Math.min(west, l0[e], l1[e]);
      eastmost = Math.max(eastmost, l0[e], l1[e]);
    }
    this.west = west;
    this.east = eastmost;
    this.strips = Math.max(1, Math.min(1024, Math.ceil(l0.length / 8)));
    this.stripWidth = (eastmost - west) / this.strips;
    const lists: number[][] = Array.from({ length: this.strips }, () => []);
    for (let e = 0; e < l0.length; e++) {
      if (anti[e]) continue;
      const last = this.strip(Math.max(l0[e], l1[e]));
      for (let s = this.strip(Math.min(l0[e], l1[e])); s <= last; s++) lists[s].push(e);
    }
    this.stripStart = new Int32Array(this.strips + 1);
    for (let s = 0; s < this.strips; s++) this.stripStart[s + 1] = this.stripStart[s] + lists[s].length;
    this.stripEdges = Int32Array.from(lists.flat());

    // The pole test sums the ring's angles with an exact adder; it is taken from d3-geo itself, once:
    // its answer at any point is southPoleInside XOR the parity of the winding this class counts there.
    const probe: [number, number] = [0, 0];
    const feature: Feature<Polygon> = {
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates: rings },
    };
    this.southPoleInside = geoContains(feature, probe) !== ((this.winding(probe[0], probe[1]) & 1) === 1);
  }

  /** The strip of a longitude within [west, east] (monotonic in lambda, so an edge's range covers the strip of each lambda inside it). */
  private strip(lambda: number): number {
    if (!(this.stripWidth > 0)) return 0;
    return Math.min(this.strips - 1, Math.max(0, Math.floor((lambda - this.west) / this.stripWidth)));
  }

  /** Whether the point (degrees) is inside: d3-geo's polygonContains with the ring-only values prepared. */
  contains(lon: number, lat: number): boolean {
    return this.southPoleInside !== ((this.winding(lon, lat) & 1) === 1);
  }

  /** Edge e's part of the winding at the point: d3-geo's loop body, with the ring-only values read from the arrays. */
  private crossing(e: number, lambda: number, phi: number, normal0: number, normal1: number, normal2: number): number {
    if (!(this.antimeridian[e] ^ (this.lambda0[e] >= lambda ? 1 : 0) ^ (this.lambda1[e] >= lambda ? 1 : 0))) return 0;
    const a0 = this.arc[3 * e];
    const a1 = this.arc[3 * e + 1];
    const a2 = this.arc[3 * e + 2];
    const i0 = normal1 * a2 - normal2 * a1;
    const i1 = normal2 * a0 - normal0 * a2;
    const i2 = normal0 * a1 - normal1 * a0;
    const length = Math.sqrt(i0 * i0 + i1 * i1 + i2 * i2);
    const turn = this.antimeridian[e] ^ this.eastward[e];
    const phiArc = (turn ? -1 : 1) * asin(i2 / length);
    if (phi > phiArc || (phi === phiArc && (a0 || a1))) return turn ? 1 : -1;
    return 0;
  }

  /** d3-geo's signed count of edges crossing the meridian from the point to the south pole. */
  private winding(lon: number, lat: number): number {
    const lambda = longitude(lon * RADIANS);
    let phi = lat * RADIANS;
    const sinPhi = Math.sin(phi);
    const normal0 = Math.sin(lambda);
    const normal1 = -Math.cos(lambda);
    const normal2 = 0;
    if (sinPhi === 1) phi = HALF_PI + EPSILON;
    else if (sinPhi === -1) phi = -HALF_PI - EPSILON;
    let winding = 0;
    for (const e of this.alwaysChecked) winding += this.crossing(e, lambda, phi, normal0, normal1, normal2);
    if (lambda >= this.west && lambda <= this.east) {
      const s = this.strip(lambda);
      for (let k = this.stripStart[s]; k < this.stripStart[s + 1]; k++)
        winding += this.crossing(this.stripEdges[k], lambda, phi, normal0, normal1, normal2);
    }
    return winding;
  }
}

/** d3-geo's cartesian() of a point in radians. */
function cartesian(point: number[]): [number, number, number] {
  const cosPhi = Math.cos(point[1]);
  return [cosPhi * Math.cos(point[0]), cosPhi * Math.sin(point[0]), Math.sin(point[1])];
}

/**
 * A (multi)polygon prepared once for many point tests, with the answer of
 * d3-geo 3's `geoContains` (the same floating-point steps; the build's data
 * stay byte-identical). `geoContains` converts every ring to radians and sums
 * the ring's angles on every call; here the values that depend on the rings
 * only are computed once, and only the edges in the point's strip of
 * longitude are looked at.
 *
 * @example new PolygonContainment(county.feature).contains(-87.6, 41.8) // true in Cook County
 */
export class PolygonContainment {
  private readonly polygons: PreparedPolygon[];

  constructor(feature: Feature<Polygon | MultiPolygon>) {
    const geometry = feature.geometry;
    this.polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).map(
      (rings) => new PreparedPolygon(rings),
    );
  }

  /** Whether [lon, lat] (degrees) is inside: d3-geo's geoContains(feature, [lon, lat]). */
  contains(lon: number, lat: number): boolean {
    for (const polygon of this.polygons) if (polygon.contains(lon, lat)) return true;
    return false;
  }
}

const prepared = new WeakMap<Feature<Polygon | MultiPolygon>, PolygonContainment>();

/**
 * d3-geo's `geoContains(feature, [lon, lat])`, with the feature prepared on
 * its first test and kept while the feature lives.
 *
 * @example featureContains(county.feature, -87.6, 41.8) // true in Cook County
 */
export function featureContains(feature: Feature<Polygon | MultiPolygon>, lon: number, lat: number): boolean {
  let containment = prepared.get(feature);
  if (!containment) prepared.set(feature, (containment = new PolygonContainment(feature)));
  return containment.contains(lon, lat);
}
