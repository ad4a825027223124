import type { IndexState } from '../data-index/data-index.js';
import type { HouseholdModel } from '../data-index/household-data.js';
import type { Household } from '../types.js';
import type { GeneratorParts } from './generator-parts.js';

/**
 * What the Generator's household methods ask of the household maker (`src/related/household-maker.ts`).
 * @example relatedMaker('households')(parts, model).make(0, undefined).size // 1..7
 */
export interface HouseholdMaking {
  /** The `household()` cursor of the generator the maker serves. */
  cursor: number;
  /** Household `index` of the stream of `state` (undefined: the default draw). */
  make(index: number, state: IndexState | undefined): Household;
}

/** The makers of related records, by kind: each takes a generator's parts (and its data). */
export interface RelatedMakers {
  households: (parts: GeneratorParts, model: HouseholdModel) => HouseholdMaking;
}

// src/related/ sits above src/generator/ (docs/architecture.md): the Generator reaches its makers through this
// registry, which the composition root (src/create-generator.ts) fills, instead of importing them.
const makers: Partial<RelatedMakers> = {};

/**
 * Registers the maker of a kind of related records (the composition root does, once).
 * @example registerRelatedMaker('households', (parts, model) => new HouseholdMaker(parts, model))
 */
export function registerRelatedMaker<K extends keyof RelatedMakers>(kind: K, maker: RelatedMakers[K]): void {
  makers[kind] = maker;
}

/**
 * The registered maker of a kind.
 * @example relatedMaker('households')
 */
export function relatedMaker<K extends keyof RelatedMakers>(kind: K): RelatedMakers[K] {
  const maker = makers[kind];
  if (maker === undefined)
    throw new TypeError(
      `no ${kind} maker registered: create generators with createGenerator (src/create-generator.ts)`,
    );
  return maker;
}
