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
  /** People per km² (SimpleMaps), null where it has no figure. */
  density: number | null;
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
  /** The exchanges (NXX) phones of the code may use: valid in libphonenumber-js (max metadata) and generatable, ascending. */
  exchanges: number[];
}

/** A first name by sex with its SSA birth count and the people alive who carry it (the draw weight). */
export interface FirstNameRecord {
  name: string;
  sex: 'F' | 'M';
  /** SSA births in the adult birth years (1922-2004). */
  births: number;
  /** Modelled adults alive with the name: births of each cohort x its survivors per birth. */
  people: number;
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

/** A place libphonenumber's geocoding names for exchanges ("Riverside, CA"), where the ZIP sources put it. */
export interface PhonePlaceRecord {
  /** "City, ST" as the geocoding data writes it ("Washington, DC" for its "Washington D.C."). */
  place: string;
  state: string;
  /** Population-weighted mean of the coordinates of the state's ZIPs named after the place. */
  lat: number;
  lon: number;
}

/** An exchange (NPA-NXX) phones may use, and its place. */
export interface PhoneExchangeRecord {
  areaCode: string;
  /** NXX, three digits. */
  exchange: string;
  place: string;
  /** For an overlay code's exchange placed by a code it overlays: that code (the SQLite file leaves these rows to `area_code_overlays`). */
  viaOverlay?: string;
}

/** An overlay code and a code it overlays, in NANPA's order (`position` 0 first). */
export interface AreaCodeOverlayRecord {
  overlay: string;
  overlaid: string;
  position: number;
  /** How many of the overlay's derived exchanges (placed through the codes it overlays) are in use: its share of exchanges in service. */
  derivedExchanges: number;
}

/** The phone place of a residential ZIP: the nearest place of its state with exchanges. */
export interface ZipPhonePlaceRecord {
  zip: string;
  place: string;
  /** From the ZIP's coordinates to the place's, in whole metres. */
  distanceM: number;
}

/** An IRS campus prefix of EINs. */
export interface EinPrefixRecord {
  prefix: string;
  campus: string;
}

/** A house number's digit count and first digit, counted in the real addresses. */
export interface HouseNumberLeadRecord {
  digits: number;
  firstDigit: number;
  weight: number;
}

/**
 * A weight of the street model's conditional parts (issue 25), by `part`:
 * `numbered_suffix` (suffix abbreviation of numbered streets), `dc_quadrant`
 * (DC's trailing quadrant), `unit_factor` (factor on the unit share by
 * suffix), `unit_density` (unit share at a density, value = people per km²),
 * `pr_street_type` and `pr_street_name` (Puerto Rico's "Calle <name>" forms).
 */
export interface StreetFormRecord {
  part: 'numbered_suffix' | 'dc_quadrant' | 'unit_factor' | 'unit_density' | 'pr_street_type' | 'pr_street_name';
  value: string;
  weight: number;
}

/** The unit share of a residential ZIP, from its density. */
export interface ZipUnitShareRecord {
  zip: string;
  unitShare: number;
}

/**
 * The 2010 head's surnames as one race/Hispanic group carries them: per
 * head name (in `surnames` order, ranks 1..n), people per 100,000 of the
 * group; `tail` is the rest of the 100,000, drawn from the names beyond
 * the head at their national weights. The index stores the exact integers
 * the draw is built from: `percents` (per head name, its percentage in the
 * group x 100) and `tailUnits` (the tail in units of 10^4 of
 * {@link SURNAME_WEIGHT_UNIT}).
 */
export interface SurnameGroupTable {
  group: string;
  heads: number[];
  tail: number;
  percents: number[];
  tailUnits: number;
}

/**
 * Unit of the surname group weights the generator draws from: a head name's
 * weight in its group is (people per 100,000 x 100) x (percentage x 100),
 * so the whole population is 10^11 units.
 */
export const SURNAME_WEIGHT_UNIT = 1e11;

/** A state's population shares of the surname groups (SURNAME_GROUPS order), from Census 2020 P2 or the national ones. */
export interface StateGroupShares {
  state: string;
  shares: number[];
  source: 'census-2020' | 'national';
}

/** Everything the load stage writes. */
export interface CompiledData {
  datasetVersion: string;
  states: StateRecord[];
  zips: ZipRecord[];
  areaCodes: AreaCodeRecord[];
  firstNames: FirstNameRecord[];
  surnames: SurnameRecord[];
  /** Per surname group (white, black, api, aian, twoOrMore, hispanic): the head names' weights among its people, and its tail. */
  surnameGroups: SurnameGroupTable[];
  /** Per head name of `surnameGroups` (ranks 1..n): people per 100,000 x 100, as the 2010 file gives them (Smith 82819). */
  surnameHeadWeights: number[];
  /** Per state (by code): its population's shares of the surname groups (Census 2020, table P2). */
  stateGroupShares: StateGroupShares[];
  streetNames: StreetNameRecord[];
  streetSuffixes: StreetSuffixRecord[];
  directionals: WeightedTextRecord[];
  unitDesignators: WeightedTextRecord[];
  houseNumberDigits: { digits: number; weight: number }[];
  houseNumberLeads: HouseNumberLeadRecord[];
  streetForms: StreetFormRecord[];
  /** Per residential ZIP (sorted by ZIP): the share of its addresses with a unit. */
  zipUnitShares: ZipUnitShareRecord[];
  einPrefixes: EinPrefixRecord[];
  phonePlaces: PhonePlaceRecord[];
  phoneExchanges: PhoneExchangeRecord[];
  areaCodeOverlays: AreaCodeOverlayRecord[];
  zipPhonePlaces: ZipPhonePlaceRecord[];
  /** Metadata rows of the SQLite file (sources, licences, attribution). */
  metadata: Record<string, string>;
}
