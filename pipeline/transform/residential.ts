import type { CompiledData, ZipRecord } from '../model.js';

/**
 * A ZIP the generator may put in an address: a standard (ZCTA) ZIP with
 * residents. PO-box/unique and military ZIPs are for lookup only.
 */
export function isResidential(zip: ZipRecord): boolean {
  return zip.type === 'standard' && zip.population !== null && zip.population > 0;
}

/** Residents of each state's residential ZIPs. */
export function residentialPopulation(data: CompiledData): Map<string, number> {
  const population = new Map<string, number>();
  for (const zip of data.zips) if (isResidential(zip)) population.set(zip.state, (population.get(zip.state) ?? 0) + zip.population!);
  return population;
}
