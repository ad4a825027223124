import type { Generator } from '../../src/index.js';

/** The seeds every public method has golden output for. */
export const GOLDEN_SEEDS = [42, 1337, 1211] as const;

/**
 * One fixed call sequence per public Generator method. The golden files
 * hold their output for each seed; a change of output is a deliberate
 * change of GENERATOR_VERSION or the dataset version.
 */
export const GOLDEN_CALLS: Record<string, (gen: Generator) => unknown> = {
  address: (gen) => [gen.address(), gen.address({ state: 'CA' }), gen.address({ state: 'pr' })],
  addressAt: (gen) => [gen.addressAt(0), gen.addressAt(1_000_000, { state: 'TX' })],
  addresses: (gen) => gen.addresses({ start: 5, count: 4, state: 'NY' }),
  batch: (gen) => [gen.batch({ count: 4 }), gen.batch({ count: 2, state: 'VT' })],
  company: (gen) => [gen.company(), gen.company({ state: 'WA' })],
  companyAt: (gen) => [gen.companyAt(0), gen.companyAt(1_000_000, { state: 'TX' })],
  companies: (gen) => gen.companies({ start: 5, count: 3, state: 'NY' }),
  employeeAt: (gen) => [gen.employeeAt(0, 0), gen.employeeAt(7, 0, { state: 'TX' })],
  employees: (gen) => gen.employees({ company: 3, start: 1, count: 3, state: 'NY' }),
  ein: (gen) => [gen.ein(), gen.ein(), gen.ein()],
  einAt: (gen) => [gen.einAt(0), gen.einAt(123_456_789)],
  phone: (gen) => [gen.phone(), gen.phone({ state: 'NY' }), gen.phone({ fictional: true })],
  phoneAt: (gen) => [gen.phoneAt(7, { state: 'GU' }), gen.phoneAt(2 ** 40, { state: 'AK' })],
  household: (gen) => [gen.household(), gen.household({ state: 'CA' })],
  householdAt: (gen) => [gen.householdAt(0), gen.householdAt(1_000_000, { state: 'TX' })],
  households: (gen) => gen.households({ start: 5, count: 2, state: 'NY' }),
  zip: (gen) => [gen.zip('10001'), gen.zip('00501'), gen.zip('09001'), gen.zip('99999')],
};

/** Path of one golden file, relative to this folder. */
export function goldenFile(method: string, seed: number): string {
  return `${method}.seed-${seed}.json`;
}
