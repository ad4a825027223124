import { SourceError } from '../../source-error.js';
import { SourceReport } from '../../source-report.js';
import { COHORT_BIRTHS_FILE, FIRST_NAMES_FILE, POPULATION_FILE, type FirstNamesRaw } from './extract.js';

/**
 * Entries SSA records when a birth was registered without a real name
 * ("infant", "baby", "unknown", ...), or with a title or suffix in the name
 * field ("jr", "master"), or a filler ("abcde", "na" for n/a). They are not
 * first names: each row is dropped and counted as `placeholder_name`.
 */
export const PLACEHOLDER_FIRST_NAMES: ReadonlySet<string> = new Set([
  'abcde',
  'baby',
  'babyboy',
  'babygirl',
  'boy',
  'female',
  'girl',
  'infant',
  'jr',
  'male',
  'master',
  'na',
  'notnamed',
  'unknown',
  'unnamed',
]);

/** Births of one name and sex in one birth cohort (the cohort's first year). */
export interface CohortBirths {
  name: string;
  sex: 'F' | 'M';
  cohort: number;
  births: number;
}

/** Checked first-name sources. */
export interface FirstNamesValid {
  names: CohortBirths[];
  /** All births per cohort and sex, keyed `cohort:sex`. */
  cohortBirths: Map<string, number>;
  /** People per age 0..100 (100 = 100 and over) in the population table's year, by sex. */
  population: { F: number[]; M: number[] };
  reports: SourceReport[];
}

const WHOLE = /^[1-9]\d*$/;

/**
 * Every name row: a lower-case name, sex F or M, a cohort year that
 * cohort-births.csv has, a positive birth count; a (name, sex, cohort) once.
 * Placeholder entries ({@link PLACEHOLDER_FIRST_NAMES}) are dropped and
 * counted. The population table must list ages 0..100 in order.
 */
export function validateFirstNames(raw: FirstNamesRaw): FirstNamesValid {
  const cohortReport = new SourceReport(COHORT_BIRTHS_FILE);
  const cohortBirths = new Map<string, number>();
  for (const {
    line,
    fields: [cohort, sex, births],
  } of raw.cohorts) {
    cohortReport.read();
    if (!/^\d{4}$/.test(cohort) || (sex !== 'F' && sex !== 'M') || !WHOLE.test(births))
      throw new SourceError(COHORT_BIRTHS_FILE, line, 'expected a cohort year, F or M and a positive birth count');
    cohortBirths.set(`${cohort}:${sex}`, Number(births));
  }

  const populationReport = new SourceReport(POPULATION_FILE);
  const population = { F: [] as number[], M: [] as number[] };
  raw.population.forEach(({ line, fields: [age, male, female] }, i) => {
    populationReport.read();
    if (Number(age) !== i || !WHOLE.test(male) || !WHOLE.test(female))
      throw new SourceError(POPULATION_FILE, line, `expected age ${i} with positive male and female counts`);
    population.M.push(Number(male));
    population.F.push(Number(female));
  });
  if (population.F.length !== 101)
    throw new SourceError(POPULATION_FILE, null, `expected ages 0-100, found ${population.F.length} rows`);

  const report = new SourceReport(FIRST_NAMES_FILE);
  const seen = new Set<string>();
  const names: CohortBirths[] = [];
  for (const {
    line,
    fields: [name, sex, cohort, births],
  } of raw.names) {
    report.read();
    if (!/^[a-z][a-z'-]*$/.test(name))
      throw new SourceError(FIRST_NAMES_FILE, line, `name must be lower-case letters, found ${JSON.stringify(name)}`);
    if (sex !== 'F' && sex !== 'M')
      throw new SourceError(FIRST_NAMES_FILE, line, `sex must be F or M, found ${JSON.stringify(sex)}`);
    if (!cohortBirths.has(`${cohort}:${sex}`))
      throw new SourceError(FIRST_NAMES_FILE, line, `cohort ${JSON.stringify(cohort)} is not in ${COHORT_BIRTHS_FILE}`);
    if (!WHOLE.test(births))
      throw new SourceError(
        FIRST_NAMES_FILE,
        line,
        `births must be a positive whole number, found ${JSON.stringify(births)}`,
      );
    if (PLACEHOLDER_FIRST_NAMES.has(name)) {
      report.reject('placeholder_name');
      continue;
    }
    const key = `${sex}:${name}:${cohort}`;
    if (seen.has(key)) {
      report.reject('duplicate_name');
      continue;
    }
    seen.add(key);
    names.push({ name, sex, cohort: Number(cohort), births: Number(births) });
  }
  return { names, cohortBirths, population, reports: [report, cohortReport, populationReport] };
}
