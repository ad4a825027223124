import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BirthIndex } from './data-index/birth-index.js';
import { CompanyData } from './data-index/company-data.js';
import { DataIndex } from './data-index/data-index.js';
import { GeoIndex } from './data-index/geo-index.js';
import { readHouseholdModel, type HouseholdModel } from './data-index/household-data.js';
import { JobTitles } from './related/job-titles.js';

/** Path of the index shipped in the package (dist-data/ussynth.idx). */
export const DEFAULT_INDEX_PATH = fileURLToPath(new URL('../dist-data/ussynth.idx', import.meta.url));

/** Path of the SQLite file shipped in the package (dist-data/ussynth.sqlite). */
export const DEFAULT_SQLITE_PATH = fileURLToPath(new URL('../dist-data/ussynth.sqlite', import.meta.url));

let cached: DataIndex | undefined;

/**
 * The shipped index, read once per process.
 * @example defaultIndex().datasetVersion // "2026.11.0"
 */
export function defaultIndex(): DataIndex {
  return (cached ??= DataIndex.fromBytes(readFileSync(DEFAULT_INDEX_PATH)));
}

/** Path of the geo index shipped in the package (dist-data/ussynth-geo.idx). */
export const DEFAULT_GEO_INDEX_PATH = fileURLToPath(new URL('../dist-data/ussynth-geo.idx', import.meta.url));

let cachedGeo: GeoIndex | undefined;

/**
 * The shipped geo index, read once per process on first use (only `geo` needs it).
 * @example defaultGeoIndex().timeZones.includes('America/Chicago') // true
 */
export function defaultGeoIndex(): GeoIndex {
  return (cachedGeo ??= GeoIndex.fromBytes(readFileSync(DEFAULT_GEO_INDEX_PATH)));
}

/** Path of the birth index shipped in the package (dist-data/ussynth-births.idx). */
export const DEFAULT_BIRTH_INDEX_PATH = fileURLToPath(new URL('../dist-data/ussynth-births.idx', import.meta.url));

let cachedBirths: BirthIndex | undefined;

/**
 * The shipped birth index, read once per process on first use (only `birthDate` needs it).
 * @example defaultBirthIndex().referenceYear // 2022
 */
export function defaultBirthIndex(): BirthIndex {
  return (cachedBirths ??= BirthIndex.fromBytes(readFileSync(DEFAULT_BIRTH_INDEX_PATH)));
}

/** Path of the companies' data shipped in the package (dist-data/ussynth-companies.json). */
export const DEFAULT_COMPANY_DATA_PATH = fileURLToPath(new URL('../dist-data/ussynth-companies.json', import.meta.url));

let cachedCompanies: CompanyData | undefined;

/**
 * The shipped companies' data, read once per process on first use (only companies need it).
 * @example defaultCompanyData().naicsEdition // 2017
 */
export function defaultCompanyData(): CompanyData {
  return (cachedCompanies ??= CompanyData.fromJson(readFileSync(DEFAULT_COMPANY_DATA_PATH)));
}

/** Path of the household data shipped in the package (dist-data/ussynth-households.json). */
export const DEFAULT_HOUSEHOLD_DATA_PATH = fileURLToPath(
  new URL('../dist-data/ussynth-households.json', import.meta.url),
);

let cachedHouseholds: HouseholdModel | undefined;

/**
 * The shipped household data, read once per process on first use (only the household methods need it).
 * @example defaultHouseholdData().typeBySize.length // 13
 */
export function defaultHouseholdData(): HouseholdModel {
  return (cachedHouseholds ??= readHouseholdModel(JSON.parse(readFileSync(DEFAULT_HOUSEHOLD_DATA_PATH, 'utf8'))));
}

/** Path of the job titles shipped in the package (dist-data/ussynth-titles.json). */
export const DEFAULT_JOB_TITLES_PATH = fileURLToPath(new URL('../dist-data/ussynth-titles.json', import.meta.url));

let cachedJobTitles: JobTitles | undefined;

/**
 * The shipped job titles, read once per process on first use (only employees need them).
 * @example defaultJobTitles().has('722511') // true
 */
export function defaultJobTitles(): JobTitles {
  return (cachedJobTitles ??= JobTitles.fromBytes(readFileSync(DEFAULT_JOB_TITLES_PATH)));
}
