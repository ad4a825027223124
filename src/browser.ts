/**
 * ussynth for browsers: the same generator, over index bytes you load
 * (for example with `loadIndex(url)`). No Node built-ins.
 * @example
 * import { createGenerator, loadIndex } from 'ussynth/browser';
 * const gen = createGenerator({ index: await loadIndex('/ussynth.idx'), seed: 42 });
 */
import { generatorFor, type IndexSource } from './create-generator.js';
import { DataIndex } from './data-index/data-index.js';
import { BirthIndex } from './data-index/birth-index.js';
import { CompanyData } from './data-index/company-data.js';
import { JobTitles } from './related/job-titles.js';
import { GeoIndex } from './data-index/geo-index.js';
import { readHouseholdModel, type HouseholdModel } from './data-index/household-data.js';
import type { Generator, GeneratorOptions } from './generator/generator.js';

export * from './public-api.js';

/**
 * Creates a generator over the given index.
 * @example createGenerator({ index: bytes, seed: 42 }).address()
 */
export function createGenerator(options: GeneratorOptions & { index: IndexSource }): Generator {
  const { index, ...rest } = options;
  return generatorFor(index, rest);
}

/**
 * Fetches and reads an index file.
 * @example const index = await loadIndex(new URL('ussynth.idx', location.href))
 */
export async function loadIndex(url: string | URL): Promise<DataIndex> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load the ussynth index from ${url}: HTTP ${response.status}`);
  return DataIndex.fromBytes(await response.arrayBuffer());
}

/**
 * Fetches and reads the geo index (`ussynth-geo.idx`), for `geo: true`; pass it as `geoIndex`.
 * @example const geoIndex = await loadGeoIndex(new URL('ussynth-geo.idx', location.href))
 */
export async function loadGeoIndex(url: string | URL): Promise<GeoIndex> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load the ussynth geo index from ${url}: HTTP ${response.status}`);
  return GeoIndex.fromBytes(await response.arrayBuffer());
}

/**
 * Fetches and reads the birth index (`ussynth-births.idx`), for the `birthDate` field; pass it as `birthIndex`.
 * @example const birthIndex = await loadBirthIndex(new URL('ussynth-births.idx', location.href))
 */
export async function loadBirthIndex(url: string | URL): Promise<BirthIndex> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load the ussynth birth index from ${url}: HTTP ${response.status}`);
  return BirthIndex.fromBytes(await response.arrayBuffer());
}

/**
 * Fetches and reads the companies' data (`ussynth-companies.json`), for companies; pass it as `companyData`.
 * @example const companyData = await loadCompanyData(new URL('ussynth-companies.json', location.href))
 */
export async function loadCompanyData(url: string | URL): Promise<CompanyData> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load the ussynth companies' data from ${url}: HTTP ${response.status}`);
  return CompanyData.fromJson(await response.text());
}

/**
 * Fetches and reads the job titles (`ussynth-titles.json`), for employees; pass them as `jobTitles`.
 * @example const jobTitles = await loadJobTitles(new URL('ussynth-titles.json', location.href))
 */
export async function loadJobTitles(url: string | URL): Promise<JobTitles> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load the ussynth job titles from ${url}: HTTP ${response.status}`);
  return JobTitles.fromBytes(await response.arrayBuffer());
}

/**
 * Fetches and checks the household data (`ussynth-households.json`), for the household methods; pass it as
 * `householdData` (with `birthIndex`).
 * @example const householdData = await loadHouseholdData(new URL('ussynth-households.json', location.href))
 */
export async function loadHouseholdData(url: string | URL): Promise<HouseholdModel> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load the ussynth household data from ${url}: HTTP ${response.status}`);
  return readHouseholdModel(await response.json());
}
