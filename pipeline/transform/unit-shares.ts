import type { StreetFormRecord, ZipRecord, ZipUnitShareRecord } from '../model.js';

/**
 * The unit share at a density (people per km²): linear in log10 density
 * between the model's points (`unit_density` street forms: value = density,
 * weight = share), flat before the second point's density is reached from
 * 0 (linear in density there) and after the last.
 * @example unitShareAt(1000, [[0, 0.04], [100, 0.07], [1000, 0.22]]) // 0.22
 */
export function unitShareAt(density: number, points: readonly (readonly [number, number])[]): number {
  if (density >= points[points.length - 1][0]) return points[points.length - 1][1];
  for (let i = 1; i < points.length; i++) {
    const [d0, s0] = points[i - 1];
    const [d1, s1] = points[i];
    if (density >= d1) continue;
    const f = d0 === 0 ? density / d1 : (Math.log10(density) - Math.log10(d0)) / (Math.log10(d1) - Math.log10(d0));
    return s0 + (s1 - s0) * f;
  }
  return points[0][1];
}

/** The density points of the street forms, density ascending. */
export function densityPoints(forms: readonly StreetFormRecord[]): [number, number][] {
  return forms
    .filter((f) => f.part === 'unit_density')
    .map((f): [number, number] => [Number(f.value), f.weight])
    .sort((a, b) => a[0] - b[0]);
}

/**
 * The unit share of every residential ZIP from its SimpleMaps density
 * (ACS: about 26 % of housing units are in buildings of 2+ units, most of
 * them in dense places); a ZIP without a density figure takes the share at
 * density 0. Rounded to 1/10,000 (the index stores it so). Sorted by ZIP.
 * @example zipUnitShares(zips, residentialWeights({ zips }), forms)[0] // { zip: '00601', unitShare: 0.0785 }
 */
export function zipUnitShares(
  zips: readonly ZipRecord[],
  residential: ReadonlyMap<string, number>,
  forms: readonly StreetFormRecord[],
): ZipUnitShareRecord[] {
  const points = densityPoints(forms);
  return zips
    .filter((z) => residential.has(z.zip))
    .map((z) => ({ zip: z.zip, unitShare: Math.round(unitShareAt(z.density ?? 0, points) * 10_000) / 10_000 }));
}
