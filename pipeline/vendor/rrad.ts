import { readFileSync } from 'node:fs';
import { packageFile, scratchInstall } from './scratch-install.js';
import type { SourceInfo } from './source-info.js';
import { writeDatasetBytes } from './write-dataset-file.js';

const PACKAGE = 'rrad';
const VERSION = '1.1.0';
const PATH_IN_PACKAGE = 'addresses-us-all.json';

/** Real, Random Address Data: OpenAddresses-derived US addresses, copied byte for byte. */
export async function vendorRrad(): Promise<SourceInfo> {
  const root = await scratchInstall(PACKAGE, VERSION);
  const data = readFileSync(packageFile(root, PACKAGE, PATH_IN_PACKAGE));
  const parsed = JSON.parse(data.toString('utf8')) as { addresses?: unknown; attribution?: unknown };
  if (!Array.isArray(parsed.addresses)) throw new Error('rrad: no addresses array');
  const path = writeDatasetBytes('rrad/addresses-us-all.json', data);
  const sources = Array.isArray(parsed.attribution) ? parsed.attribution.length : 0;
  return {
    folder: 'rrad',
    title: 'RRAD: Real, Random Address Data (US)',
    publisher: 'OpenAddresses contributors, selected by Ethan Brown (rrad)',
    url: 'https://openaddresses.io/ ; https://github.com/EthanRBrown/rrad',
    edition: `as bundled in ${PACKAGE}@${VERSION}`,
    licence:
      'Addresses: public domain per the rrad README ("All data collected from the OpenAddresses project, and is in the public domain"; ' +
      'only OpenAddresses sources without a required-attribution flag were used); package MIT',
    attribution: `Address data from OpenAddresses (https://openaddresses.io/); the ${sources} original sources are listed in the file's "attribution" array.`,
    package: `npm ${PACKAGE}@${VERSION}`,
    pathInPackage: PATH_IN_PACKAGE,
    changes: 'None: byte-identical copy ({"addresses": [...], "attribution": [...]}).',
    files: [{ path, rows: parsed.addresses.length }],
  };
}
