import { readDelimited, type DelimitedRow } from '../../extract/read-delimited.js';

/** SSA first names by birth cohort, aggregated by the vendor step (lower-case, as SSA writes them). */
export const FIRST_NAMES_FILE = 'ssa-baby-names/first-names.csv';
/** All SSA births of each cohort and sex: the denominators of the weights. */
export const COHORT_BIRTHS_FILE = 'ssa-baby-names/cohort-births.csv';
/** US population by single year of age and sex (2022): how many of each cohort are alive. */
export const POPULATION_FILE = 'us-population-by-age/population-2022.csv';

/** The three files as rows. */
export interface FirstNamesRaw {
  names: DelimitedRow[];
  cohorts: DelimitedRow[];
  population: DelimitedRow[];
}

/** Reads `name,sex,cohort,births`, `cohort,sex,births` and `age,male,female`. */
export function extractFirstNames(datasetsDir: string): FirstNamesRaw {
  return {
    names: readDelimited(datasetsDir, FIRST_NAMES_FILE, {
      delimiter: ',',
      columns: ['name', 'sex', 'cohort', 'births'],
      quoting: true,
    }),
    cohorts: readDelimited(datasetsDir, COHORT_BIRTHS_FILE, {
      delimiter: ',',
      columns: ['cohort', 'sex', 'births'],
      quoting: false,
    }),
    population: readDelimited(datasetsDir, POPULATION_FILE, {
      delimiter: ',',
      columns: ['age', 'male', 'female'],
      quoting: false,
    }),
  };
}
