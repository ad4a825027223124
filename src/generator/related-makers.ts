import type { IndexState } from '../data-index/data-index.js';
import type { HouseholdModel } from '../data-index/household-data.js';
import type { Company, Employee, Household } from '../types.js';
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

/**
 * What the Generator's company methods ask of the company maker (`src/related/company-maker.ts`).
 * @example relatedMaker('companies')(gen).at(0, undefined).ein // "27-1234567"-like
 */
export interface CompanyMaking {
  /** Company `index` of the stream of `state` (undefined: the default draw). */
  at(index: number, state: IndexState | undefined): Company;
  /** Companies `start .. start+count-1` of the stream of `state`. */
  page(start: number, count: number, state: IndexState | undefined): Company[];
}

/**
 * What the Generator's employee methods ask of the employee maker (`src/related/employee-maker.ts`): states and
 * the company index come checked; the maker checks the employee index against the company's headcount.
 * @example relatedMaker('employees')(gen).at(0, 0, undefined).companyId
 */
export interface EmployeeMaking {
  at(company: number, index: number, state: IndexState | undefined): Employee;
  page(company: number, start: number, count: number, state: IndexState | undefined): Employee[];
}

/** The makers of related records, by kind: each takes a generator's parts (and its data), or the generator. */
export interface RelatedMakers {
  households: (parts: GeneratorParts, model: HouseholdModel) => HouseholdMaking;
  /** The generator's one company maker (made on first use, shared with its employees' maker). */
  companies: (generator: object) => CompanyMaking;
  /** The generator's one employee maker. */
  employees: (generator: object) => EmployeeMaking;
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
