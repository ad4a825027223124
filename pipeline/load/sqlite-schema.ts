/** Version of the SQLite schema, stored as `PRAGMA user_version` (2: the phone place tables; 3: house_number_leads, street_forms, first_names.people, area_code_overlays; 4: area_code_overlays.derived_exchanges). */
export const SQLITE_SCHEMA_VERSION = 4;

/** `PRAGMA application_id`: "USSY", so tools can tell the file apart. */
export const SQLITE_APPLICATION_ID = 0x55535359;

/**
 * The shipped file's schema, documented column by column in
 * docs/data-schema.md and typed in src/database/schema.ts.
 */
export const SQLITE_SCHEMA = `
CREATE TABLE metadata (
  key TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE states (
  code TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  fips TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('state', 'district', 'territory', 'freely_associated', 'military')),
  residential_population INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE zips (
  zip TEXT PRIMARY KEY NOT NULL CHECK (length(zip) = 5),
  city TEXT NOT NULL,
  state TEXT NOT NULL REFERENCES states (code),
  county TEXT,
  county_fips TEXT,
  timezone TEXT,
  lat REAL,
  lon REAL,
  population INTEGER,
  zip_type TEXT NOT NULL CHECK (zip_type IN ('standard', 'po_box_or_unique', 'military')),
  residential INTEGER NOT NULL CHECK (residential IN (0, 1))
) WITHOUT ROWID;
CREATE INDEX zips_by_state_city ON zips (state, city);
CREATE INDEX zips_by_city ON zips (city);
CREATE TABLE area_codes (
  area_code TEXT PRIMARY KEY NOT NULL,
  state TEXT NOT NULL REFERENCES states (code),
  weight INTEGER NOT NULL,
  region TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX area_codes_by_state ON area_codes (state);
CREATE TABLE first_names (
  name TEXT NOT NULL,
  sex TEXT NOT NULL CHECK (sex IN ('F', 'M')),
  births INTEGER NOT NULL,
  people INTEGER NOT NULL,
  PRIMARY KEY (name, sex)
) WITHOUT ROWID;
CREATE TABLE surnames (
  surname TEXT PRIMARY KEY NOT NULL,
  rank INTEGER NOT NULL UNIQUE,
  weight REAL NOT NULL
) WITHOUT ROWID;
CREATE TABLE street_names (
  name TEXT PRIMARY KEY NOT NULL,
  weight INTEGER NOT NULL,
  source TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE street_suffixes (
  suffix TEXT PRIMARY KEY NOT NULL,
  abbreviation TEXT NOT NULL,
  weight INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE street_directionals (
  directional TEXT PRIMARY KEY NOT NULL,
  weight INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE unit_designators (
  designator TEXT PRIMARY KEY NOT NULL,
  weight INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE house_number_digits (
  digits INTEGER PRIMARY KEY NOT NULL,
  weight INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE house_number_leads (
  digits INTEGER NOT NULL,
  first_digit INTEGER NOT NULL,
  weight INTEGER NOT NULL,
  PRIMARY KEY (digits, first_digit)
) WITHOUT ROWID;
CREATE TABLE street_forms (
  part TEXT NOT NULL,
  value TEXT NOT NULL,
  weight REAL NOT NULL,
  PRIMARY KEY (part, value)
) WITHOUT ROWID;
CREATE TABLE phone_places (
  place TEXT PRIMARY KEY NOT NULL,
  state TEXT NOT NULL REFERENCES states (code),
  lat REAL NOT NULL,
  lon REAL NOT NULL
) WITHOUT ROWID;
CREATE TABLE phone_exchanges (
  area_code TEXT NOT NULL REFERENCES area_codes (area_code),
  exchange TEXT NOT NULL CHECK (length(exchange) = 3),
  place TEXT NOT NULL REFERENCES phone_places (place),
  PRIMARY KEY (area_code, exchange)
) WITHOUT ROWID;
CREATE TABLE area_code_overlays (
  overlay TEXT NOT NULL REFERENCES area_codes (area_code),
  overlaid TEXT NOT NULL REFERENCES area_codes (area_code),
  position INTEGER NOT NULL,
  derived_exchanges INTEGER NOT NULL,
  PRIMARY KEY (overlay, overlaid)
) WITHOUT ROWID;
CREATE TABLE zip_phone_places (
  zip TEXT PRIMARY KEY NOT NULL REFERENCES zips (zip),
  place TEXT NOT NULL REFERENCES phone_places (place),
  distance_m INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE ein_prefixes (
  prefix TEXT NOT NULL,
  campus TEXT NOT NULL,
  PRIMARY KEY (prefix, campus)
) WITHOUT ROWID;
`;
