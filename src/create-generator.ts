import { DataIndex } from './data-index/data-index.js';
import { Generator, type GeneratorOptions } from './generator/generator.js';
import { randomSeed } from './random/random-seed.js';
import { registerRelatedMaker } from './generator/related-makers.js';
import { HouseholdMaker } from './related/household-maker.js';

// The composition of the related-record makers (src/related/ imports src/generator/, never the reverse).
registerRelatedMaker('households', (parts, model) => new HouseholdMaker(parts, model));

/** The index as bytes (ArrayBuffer or Uint8Array) or already read. */
export type IndexSource = DataIndex | ArrayBuffer | Uint8Array;

/**
 * Builds a generator over a given index; without a seed it picks one and
 * exposes it as `generator.seed` so the run can be replayed.
 * @example const gen = generatorFor(DataIndex.fromBytes(bytes), { seed: 42 })
 */
export function generatorFor(index: IndexSource, options: GeneratorOptions = {}): Generator {
  const data = index instanceof DataIndex ? index : DataIndex.fromBytes(index);
  const { seed, ...rest } = options;
  return new Generator(data, seed ?? randomSeed(), rest);
}
