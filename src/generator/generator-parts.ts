import type { DataIndex, IndexState } from '../data-index/data-index.js';
import type { GeoIndex } from '../data-index/geo-index.js';
import type { CompanyData } from '../data-index/company-data.js';
import type { BirthDates } from '../fields/birth-dates.js';
import type { RecordUuids } from '../fields/record-uuid.js';
import type { HouseholdModel } from '../data-index/household-data.js';
import type { JobTitles } from '../data-index/job-titles.js';
import type { EinMaker } from './ein.js';
import type { EmailMaker } from './email.js';
import type { GeoMaker } from './geo.js';
import type { SharedParts } from './shared-parts.js';

/**
 * What a generator's related-record makers (`src/related/`: companies,
 * households, employees) draw from: the same index, key, UUIDs, EINs,
 * e-mails and geography as its address records. Internal: not exported by
 * the package; a maker reads it with {@link generatorParts}.
 * @example generatorParts(gen).parts.zipStrings.first(entry)
 */
export interface GeneratorParts {
  readonly data: DataIndex;
  readonly parts: SharedParts;
  /** The seed's stream key (give a maker's RecordRandom its own stream id: docs/architecture.md, "Streams"). */
  readonly key: Uint32Array;
  readonly uuids: RecordUuids;
  readonly eins: EinMaker;
  readonly emails: EmailMaker;
  /** The caller's e-mail domain, or undefined for the reserved ones (a maker with its own EmailMaker uses it). */
  readonly emailDomain: string | undefined;
  readonly fictionalPhones: boolean;
  /** The geo maker, reading the geo index on first use (throws `geo_unavailable` without one). */
  readonly geoMaker: () => GeoMaker;
  /** The geo index itself (ZIP centroids and counties), read on first use (throws `geo_unavailable` without one). */
  readonly geoIndex: () => GeoIndex;
  /** The job titles by sector, read on first use (throws `job_titles_unavailable` without them). */
  readonly jobTitles: () => JobTitles;
  /** The birth-date maker, reading the birth index on first use (throws `births_unavailable` without one). */
  readonly birthDates: () => BirthDates;
  /** The companies' data, read on first use (throws `companies_unavailable` without it). */
  readonly companyData: () => CompanyData;
  /** The household data, read on first use (throws `households_unavailable` without it). */
  readonly households: () => HouseholdModel;
  /** A state code checked for generation (typed errors `invalid_state`, `state_not_generatable`), or undefined. */
  readonly state: (code: string | undefined) => IndexState | undefined;
}

/** Per generator, its parts; set by the Generator's constructor. */
export const GENERATOR_PARTS = new WeakMap<object, GeneratorParts>();

/**
 * The parts of a generator, for the related-record makers.
 * @example const { data, key } = generatorParts(gen)
 */
export function generatorParts(generator: object): GeneratorParts {
  const parts = GENERATOR_PARTS.get(generator);
  if (parts === undefined) throw new TypeError('not a ussynth Generator');
  return parts;
}
