/**
 * ussynth for Node: seeded, consistent synthetic US data over the shipped
 * index. Browsers import `ussynth/browser` and pass the index bytes.
 * @example
 * import { createGenerator } from 'ussynth';
 * const gen = createGenerator({ seed: 42 });
 * gen.address({ state: 'CA' });
 */
import { generatorFor, type IndexSource } from './create-generator.js';
import {
  defaultBirthIndex,
  defaultCompanyData,
  defaultGeoIndex,
  defaultHouseholdData,
  defaultIndex,
  defaultJobTitles,
} from './default-index.js';
import type { Generator, GeneratorOptions } from './generator/generator.js';

export * from './public-api.js';
export {
  DEFAULT_BIRTH_INDEX_PATH,
  DEFAULT_COMPANY_DATA_PATH,
  DEFAULT_GEO_INDEX_PATH,
  DEFAULT_HOUSEHOLD_DATA_PATH,
  DEFAULT_INDEX_PATH,
  DEFAULT_JOB_TITLES_PATH,
  DEFAULT_SQLITE_PATH,
  defaultBirthIndex,
  defaultCompanyData,
  defaultGeoIndex,
  defaultHouseholdData,
  defaultIndex,
  defaultJobTitles,
} from './default-index.js';

/**
 * Creates a generator over the shipped index (or `options.index`).
 * @example createGenerator({ seed: 'fixtures-v1' }).batch({ count: 10 })
 */
export function createGenerator(options: GeneratorOptions & { index?: IndexSource } = {}): Generator {
  const { index, ...rest } = options;
  // The shipped geo and birth indexes pair with the shipped index only; each is read on its first use.
  const shipped = index === undefined;
  return generatorFor(index ?? defaultIndex(), {
    ...rest,
    geoIndex: rest.geoIndex ?? (shipped ? defaultGeoIndex : undefined),
    birthIndex: rest.birthIndex ?? (shipped ? defaultBirthIndex : undefined),
    companyData: rest.companyData ?? (shipped ? defaultCompanyData : undefined),
    // The household data names no index entry: it suits any index.
    householdData: rest.householdData ?? defaultHouseholdData,
    jobTitles: rest.jobTitles ?? (shipped ? defaultJobTitles : undefined),
  });
}
