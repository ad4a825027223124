import { BIRTH_DATA_VERSION, type BIRTH_SECTIONS } from '../../src/data-index/birth-format.js';
import { namesCrc } from '../../src/data-index/birth-index.js';
import { DataIndex } from '../../src/data-index/data-index.js';
import { columnText } from '../../src/generator/pick.js';
import { ADULT_AGE, COHORT_YEARS, cohortPopulation, POPULATION_YEAR } from '../sources/first-names/transform.js';
import type { FirstNamesValid } from '../sources/first-names/validate.js';
import { titleCase } from '../spelling/title-case.js';
import { cohortProfiles } from './cohort-profiles.js';
import { pack, type Section } from './write-index.js';

/**
 * Builds the birth index (src/data-index/birth-format.ts) from the SSA
 * first names by cohort and the population by age (`valid`, as the build
 * checked them: validateFirstNames of datasets/), for the first-name
 * columns of the main index `index`: per name, the people alive who carry
 * it per birth cohort (births x the cohort's survivors per birth, as the
 * first-name weights count them), scaled so the largest cohort is 255 (a
 * cohort with no births of the name stays 0); per birth year, the people
 * alive born that year (none under 18).
 */
export function writeBirthIndex(valid: FirstNamesValid, index: Uint8Array): Uint8Array {
  return birthIndexFor(valid, indexFirstNames(index));
}

/** The first names of the main index `index`, women's (FF) and men's (FM), in column order. */
export function indexFirstNames(index: Uint8Array): { female: string[]; male: string[] } {
  const data = DataIndex.fromBytes(index);
  const names = (id: 'FF' | 'FM'): string[] =>
    Array.from({ length: data.table(id).size }, (_, column) => columnText(data, data.table(id), column));
  return { female: names('FF'), male: names('FM') };
}

/**
 * The birth index for first names in the main index's column order
 * (`indexFirstNames`): what {@link writeBirthIndex} writes, for a caller
 * that knows the columns before the index is built.
 */
export function birthIndexFor(
  valid: FirstNamesValid,
  { female, male }: { female: readonly string[]; male: readonly string[] },
): Uint8Array {
  const cohorts = [...new Set([...valid.cohortBirths.keys()].map((key) => Number(key.split(':')[0])))].sort(
    (a, b) => a - b,
  );
  const firstYear = cohorts[0];
  cohorts.forEach((cohort, i) => {
    if (cohort !== firstYear + i * COHORT_YEARS)
      throw new Error(`birth cohorts must run every ${COHORT_YEARS} years from ${firstYear}, found ${cohort}`);
  });
  const people = new Map<string, number[]>();
  for (const row of valid.names) {
    const key = `${row.sex}:${titleCase(row.name)}`;
    const perCohort = people.get(key) ?? new Array<number>(cohorts.length).fill(0);
    const cohortPeople = cohortPopulation(valid, row.cohort, row.sex);
    perCohort[(row.cohort - firstYear) / COHORT_YEARS] +=
      (row.births * cohortPeople) / valid.cohortBirths.get(`${row.cohort}:${row.sex}`)!;
    people.set(key, perCohort);
  }
  const perCohortOf = (sex: 'F' | 'M', name: string): number[] => {
    const perCohort = people.get(`${sex}:${name}`);
    if (!perCohort) throw new Error(`first name ${sex} ${name} of the index has no births`);
    return perCohort;
  };
  const yearWeights = (sex: 'F' | 'M'): number[] =>
    Array.from({ length: cohorts.length * COHORT_YEARS }, (_, i) => {
      const age = POPULATION_YEAR - (firstYear + i);
      return age >= ADULT_AGE && age <= 100 ? valid.population[sex][age] : 0;
    });
  const weights = [...female.map((name) => perCohortOf('F', name)), ...male.map((name) => perCohortOf('M', name))];
  const { profiles, assignment } = cohortProfiles(
    weights,
    weights.map((w) => w.reduce((a, b) => a + b, 0)),
  );
  const span = (w: readonly number[]): number =>
    w.findIndex((p) => p > 0) * 32 + (w.length - 1 - [...w].reverse().findIndex((p) => p > 0));
  const sections: { [tag in keyof typeof BIRTH_SECTIONS]: Section } = {
    BMET: { tag: 'BMET', type: 'u16', values: [firstYear, COHORT_YEARS, cohorts.length, POPULATION_YEAR] },
    BNCK: { tag: 'BNCK', type: 'u32', values: [female.length, male.length, namesCrc(female), namesCrc(male)] },
    BYWF: { tag: 'BYWF', type: 'u32', values: yearWeights('F') },
    BYWM: { tag: 'BYWM', type: 'u32', values: yearWeights('M') },
    BPRO: { tag: 'BPRO', type: 'u16', values: profiles.flat() },
    BPNF: { tag: 'BPNF', type: 'u8', values: assignment.slice(0, female.length) },
    BPNM: { tag: 'BPNM', type: 'u8', values: assignment.slice(female.length) },
    BSPF: { tag: 'BSPF', type: 'u16', values: weights.slice(0, female.length).map(span) },
    BSPM: { tag: 'BSPM', type: 'u16', values: weights.slice(female.length).map(span) },
  };
  return pack(Object.values(sections), BIRTH_DATA_VERSION);
}
