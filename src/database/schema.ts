/**
 * Kysely types of the shipped SQLite file (dist-data/ussynth.sqlite), one
 * interface per table; docs/data-schema.md documents every column.
 * @example const db: Kysely<UssynthDatabase> = openDatabase(); await db.selectFrom('zips').selectAll().where('zip', '=', '10001').executeTakeFirst()
 */
export interface UssynthDatabase {
  metadata: MetadataTable;
  states: StatesTable;
  zips: ZipsTable;
  area_codes: AreaCodesTable;
  first_names: FirstNamesTable;
  surnames: SurnamesTable;
  street_names: StreetNamesTable;
  street_suffixes: StreetSuffixesTable;
  street_directionals: StreetDirectionalsTable;
  unit_designators: UnitDesignatorsTable;
  house_number_digits: HouseNumberDigitsTable;
  house_number_leads: HouseNumberLeadsTable;
  street_forms: StreetFormsTable;
  ein_prefixes: EinPrefixesTable;
  phone_places: PhonePlacesTable;
  phone_exchanges: PhoneExchangesTable;
  area_code_overlays: AreaCodeOverlaysTable;
  zip_phone_places: ZipPhonePlacesTable;
}

/** Dataset version, sources, licences and attribution text. */
export interface MetadataTable {
  key: string;
  value: string;
}

/** States, DC, territories, freely associated states and military codes. */
export interface StatesTable {
  code: string;
  name: string;
  fips: string | null;
  kind: 'state' | 'district' | 'territory' | 'freely_associated' | 'military';
  residential_population: number;
}

/** Every ZIP of the sources' union. */
export interface ZipsTable {
  zip: string;
  city: string;
  state: string;
  county: string | null;
  county_fips: string | null;
  timezone: string | null;
  lat: number | null;
  lon: number | null;
  population: number | null;
  zip_type: 'standard' | 'po_box_or_unique' | 'military';
  residential: 0 | 1;
}

/** Geographic area codes and the state each serves. */
export interface AreaCodesTable {
  area_code: string;
  state: string;
  weight: number;
  region: string;
}

/** SSA first names with births 1922-2004 and the adults alive who carry them (the draw weight). */
export interface FirstNamesTable {
  name: string;
  sex: 'F' | 'M';
  births: number;
  people: number;
}

/** 1990 Census surnames with modelled frequency per 100,000 people. */
export interface SurnamesTable {
  surname: string;
  rank: number;
  weight: number;
}

/** Street base names of the street model. */
export interface StreetNamesTable {
  name: string;
  weight: number;
  source: string;
}

/** USPS Publication 28 suffixes with model weights. */
export interface StreetSuffixesTable {
  suffix: string;
  abbreviation: string;
  weight: number;
}

/** Directionals before street names ("" = none). */
export interface StreetDirectionalsTable {
  directional: string;
  weight: number;
}

/** Unit designators of home addresses (whether there is a unit depends on the ZIP and the street). */
export interface UnitDesignatorsTable {
  designator: string;
  weight: number;
}

/** Digit counts of house numbers. */
export interface HouseNumberDigitsTable {
  digits: number;
  weight: number;
}

/** Digit count and first digit of house numbers, counted in real addresses. */
export interface HouseNumberLeadsTable {
  digits: number;
  first_digit: number;
  weight: number;
}

/** The street model's conditional forms: numbered suffixes, DC quadrants, unit factors and density points, Puerto Rico's forms. */
export interface StreetFormsTable {
  part: 'numbered_suffix' | 'dc_quadrant' | 'unit_factor' | 'unit_density' | 'pr_street_type' | 'pr_street_name';
  value: string;
  weight: number;
}

/** Valid IRS campus prefixes of EINs. */
export interface EinPrefixesTable {
  prefix: string;
  campus: string;
}

/** Places libphonenumber's geocoding names for exchanges, positioned by the ZIP sources. */
export interface PhonePlacesTable {
  place: string;
  state: string;
  lat: number;
  lon: number;
}

/** Exchanges (NPA-NXX) generated phones may use, and the place of each. */
export interface PhoneExchangesTable {
  area_code: string;
  exchange: string;
  place: string;
}

/** NANPA's overlays: an overlay code and each code it overlays, in order, with how many of its derived exchanges are in use. */
export interface AreaCodeOverlaysTable {
  overlay: string;
  overlaid: string;
  position: number;
  derived_exchanges: number;
}

/** The phone place of each residential ZIP (the nearest of its state) and how far it is. */
export interface ZipPhonePlacesTable {
  zip: string;
  place: string;
  distance_m: number;
}
