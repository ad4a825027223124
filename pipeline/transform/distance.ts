/** Mean Earth radius (IUGG), in km. */
export const EARTH_RADIUS_KM = 6371.0088;

const RADIANS = Math.PI / 180;

/**
 * Great-circle distance between two points in km (haversine formula on a
 * sphere: within 0.5 % of the ellipsoid, far below the sources' precision).
 * @example distanceKm(40.7128, -74.006, 34.0522, -118.2437) // about 3936
 */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLon = (lon2 - lon1) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
