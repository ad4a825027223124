import tzLookup from '@photostructure/tz-lookup';
import { DataIndex } from '../../src/data-index/data-index.js';
import { GeoIndex } from '../../src/data-index/geo-index.js';
import { Generator } from '../../src/generator/generator.js';
import type { AddressWithGeo } from '../../src/types.js';
import type { ZipRecord } from '../model.js';
import type { County } from '../sources/counties/extract.js';
import { featureContains } from './county-containment.js';
import { distanceKm } from './distance.js';

/** Addresses measured for the default draw, and for each state filter. */
export const FIDELITY_SAMPLE = { default: 20_000, perState: 2_000 } as const;

/** The seed of the measured addresses. */
export const FIDELITY_SEED = 'geo-fidelity';

/** Measured agreement of generated points with the boundaries and the ZIP. */
export interface GeoFidelity {
  addresses: number;
  /** Share of points inside the polygon of the county they name (us-atlas; d3-geo's geoContains, as featureContains computes it). */
  inNamedCounty: number;
  /** Share of points whose time zone (tz-lookup at the point) equals the ZIP's SimpleMaps time zone. */
  timeZoneAtPointEqualsZip: number;
  /** Share of points whose time zone at the point equals the timeZone field. */
  timeZoneAtPointEqualsField: number;
  /** Distance from the ZIP's centroid, km. */
  medianKmFromCentroid: number;
  p99KmFromCentroid: number;
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;
const round2 = (x: number): number => Math.round(x * 100) / 100;

function measure(
  addresses: AddressWithGeo[],
  zips: Map<string, ZipRecord>,
  counties: Map<string, County>,
): GeoFidelity {
  let inCounty = 0;
  let zoneZip = 0;
  let zoneField = 0;
  const distances: number[] = [];
  for (const a of addresses) {
    const county = counties.get(a.countyFips);
    if (county && featureContains(county.feature, a.lon, a.lat)) inCounty++;
    const zone = tzLookup(a.lat, a.lon);
    const zip = zips.get(a.zip)!;
    if (zone === (zip.timezone ?? a.timeZone)) zoneZip++;
    if (zone === a.timeZone) zoneField++;
    distances.push(distanceKm(zip.lat!, zip.lon!, a.lat, a.lon));
  }
  distances.sort((x, y) => x - y);
  const at = (q: number): number => distances[Math.min(distances.length - 1, Math.floor(q * distances.length))];
  const n = addresses.length;
  return {
    addresses: n,
    inNamedCounty: round4(inCounty / n),
    timeZoneAtPointEqualsZip: round4(zoneZip / n),
    timeZoneAtPointEqualsField: round4(zoneField / n),
    medianKmFromCentroid: round2(at(0.5)),
    p99KmFromCentroid: round2(at(0.99)),
  };
}

/**
 * Generates addresses with geo from the built indexes (seed
 * {@link FIDELITY_SEED}) and measures their points against the us-atlas
 * county polygons and tz-lookup: for the default draw and for each state
 * filter that can generate.
 */
export function geoFidelity(
  index: Uint8Array,
  geoIndex: Uint8Array,
  zipList: ZipRecord[],
  counties: Map<string, County>,
): { default: GeoFidelity; byState: Record<string, GeoFidelity> } {
  const data = DataIndex.fromBytes(index);
  const gen = new Generator(data, FIDELITY_SEED, { geoIndex: GeoIndex.fromBytes(geoIndex) });
  const zips = new Map(zipList.map((z) => [z.zip, z]));
  const byState: Record<string, GeoFidelity> = {};
  for (const state of data.states) {
    if (state.zipCount === 0 || state.areaCodeCount === 0) continue;
    byState[state.code] = measure(
      gen.addresses({ count: FIDELITY_SAMPLE.perState, state: state.code, geo: true }),
      zips,
      counties,
    );
  }
  return { default: measure(gen.addresses({ count: FIDELITY_SAMPLE.default, geo: true }), zips, counties), byState };
}
