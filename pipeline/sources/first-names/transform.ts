import { byCodeUnit } from '../../../src/code-unit-order.js';
import type { FirstNameRecord } from '../../model.js';
import { titleCase } from '../../spelling/title-case.js';
import type { FirstNamesValid } from './validate.js';

/** The year of the population table (datasets/us-population-by-age): cohorts are aged as of it. */
export const POPULATION_YEAR = 2022;
/** Birth years of a cohort (the vendor step's grouping). */
export const COHORT_YEARS = 5;
/**
 * Names carried by fewer modelled adults than this are left out (0.4 % of
 * people, 7,900 rare names): the birth-year window reaching back to 1922
 * brings in names whose survivors are too few to matter, and the index's
 * 3 MB budget has no room for them.
 */
export const MIN_PEOPLE = 200;

/** Adults: the youngest age drawn (the last cohort ends with the birth year of people this old). */
export const ADULT_AGE = 18;

/** People of a sex alive in the table's year who were born in the cohort starting `cohort` (ages above 100 count as 100+, once). */
export function cohortPopulation(valid: FirstNamesValid, cohort: number, sex: 'F' | 'M'): number {
  let people = 0;
  for (let year = cohort; year < cohort + COHORT_YEARS; year++) {
    const age = POPULATION_YEAR - year;
    if (age >= ADULT_AGE && age <= 100) people += valid.population[sex][age];
  }
  return people;
}

/**
 * Weights each name by the people alive who carry it: for each birth
 * cohort, its births x (people of that cohort alive in the table's year /
 * all SSA births of the cohort), summed. A name of the 1950s weighs by the
 * 1950s cohort's survivors, one of the 1990s by theirs, so the mix is the
 * adult population's, not the births'. Names with fewer than
 * {@link MIN_PEOPLE} are left out. Title-cased; sorted by sex, then name.
 * @example transformFirstNames(valid).find((n) => n.name === 'Mary')!.people // about 1.9 million
 */
export function transformFirstNames(valid: FirstNamesValid): FirstNameRecord[] {
  const perBirth = new Map<string, number>();
  for (const [key, births] of valid.cohortBirths) {
    const [cohort, sex] = key.split(':');
    perBirth.set(key, cohortPopulation(valid, Number(cohort), sex as 'F' | 'M') / births);
  }
  const byName = new Map<string, FirstNameRecord>();
  for (const row of valid.names) {
    const key = `${row.sex}:${row.name}`;
    const record = byName.get(key) ?? { name: row.name, sex: row.sex, births: 0, people: 0 };
    record.births += row.births;
    record.people += row.births * perBirth.get(`${row.cohort}:${row.sex}`)!;
    byName.set(key, record);
  }
  return [...byName.values()]
    .map((n) => ({ ...n, name: titleCase(n.name), people: Math.round(n.people) }))
    .filter((n) => n.people >= MIN_PEOPLE)
    .sort((a, b) => byCodeUnit(a.sex, b.sex) || byCodeUnit(a.name, b.name));
}
