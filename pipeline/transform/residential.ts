import type { CompiledData } from '../model.js';

/**
 * The ZIPs the generator may put in an address, with their draw weights:
 * standard (ZCTA) ZIPs weighted by population. PO-box/unique and military
 * ZIPs are for lookup only. A state or territory none of whose standard
 * ZIPs has a population figure (American Samoa: 96799 is blank in
 * SimpleMaps) draws its standard ZIPs with weight 1 each, so every state
 * and territory can be asked for.
 * @example residentialWeights(data).get('10001') // 27613
 */
export function residentialWeights(data: Pick<CompiledData, 'zips'>): Map<string, number> {
  const populated = new Set(
    data.zips.filter((z) => z.type === 'standard' && (z.population ?? 0) > 0).map((z) => z.state),
  );
  const weights = new Map<string, number>();
  for (const zip of data.zips) {
    if (zip.type !== 'standard') continue;
    if ((zip.population ?? 0) > 0) weights.set(zip.zip, zip.population!);
    else if (!populated.has(zip.state)) weights.set(zip.zip, 1);
  }
  return weights;
}

/** Residents of each state's residential ZIPs (the default state draw's weights). */
export function residentialPopulation(data: CompiledData): Map<string, number> {
  const population = new Map<string, number>();
  for (const zip of data.zips)
    if ((zip.population ?? 0) > 0 && zip.type === 'standard')
      population.set(zip.state, (population.get(zip.state) ?? 0) + zip.population!);
  return population;
}
