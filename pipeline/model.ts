import type { StateKind, ZipType } from '../src/data-index/format.js';

/** A state, DC, territory or military pseudo-state. */
export interface StateRecord {
  code: string;
  name: string;
  /** Two-digit FIPS code, or null for military codes. */
  fips: string | null;
  kind: StateKind;
}

/** One ZIP with everything the sources tell about it. */
export interface ZipRecord {
  zip: string;
  city: string;
  state: string;
  county: string | null;
  countyFips: string | null;
  timezone: string | null;
  lat: number | null;
  lon: number | null;
  population: number | null;
  type: ZipType;
}

/** A geographic area code and the state it serves. */
export interface AreaCodeRecord {
  areaCode: string;
  state: string;
  /** Exchange-level entries in libphonenumber's geocoding data (at least 1). */
  weight: number;
  /** The region name libphonenumber gives, as written there. */
  region: string;
}

/** A first name by sex with its SSA birth count. */
export interface FirstNameRecord {
  name: string;
  sex: 'F' | 'M';
  births: number;
}

/** A surname with its rank and modelled relative frequency (per 100,000 people). */
export interface SurnameRecord {
  surname: string;
  rank: number;
  weight: number;
}

/** A street base name with its model weight. */
export interface StreetNameRecord {
  name: string;
  weight: number;
  /** Which part of the street model it came from. */
  source: string;
}

/** A USPS Publication 28 suffix, its standard abbreviation and model weight. */
export interface StreetSuffixRecord {
  suffix: string;
  abbreviation: string;
  weight: number;
}

/** A weighted choice of the street model written as displayed ("" for none). */
export interface WeightedTextRecord {
  value: string;
  weight: number;
}

/** An IRS campus prefix of EINs. */
export interface EinPrefixRecord {
  prefix: string;
  campus: string;
}

/** Everything the load stage writes. */
export interface CompiledData {
  datasetVersion: string;
  states: StateRecord[];
  zips: ZipRecord[];
  areaCodes: AreaCodeRecord[];
  firstNames: FirstNameRecord[];
  surnames: SurnameRecord[];
  streetNames: StreetNameRecord[];
  streetSuffixes: StreetSuffixRecord[];
  directionals: WeightedTextRecord[];
  unitDesignators: WeightedTextRecord[];
  houseNumberDigits: { digits: number; weight: number }[];
  einPrefixes: EinPrefixRecord[];
  /** Metadata rows of the SQLite file (sources, licences, attribution). */
  metadata: Record<string, string>;
}
