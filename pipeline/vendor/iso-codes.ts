import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tsvRow } from './csv-field.js';
import { debianPackageRoot, installedDebianVersion } from './debian-package.js';
import type { SourceInfo } from './source-info.js';
import { byCodeUnit } from '../../src/code-unit-order.js';
import { writeDatasetLines } from './write-dataset-file.js';

const DEB_PACKAGE = 'iso-codes';
const DEB_VERSION = '4.15.0-1';
const PATH_IN_PACKAGE = 'usr/share/iso-codes/json/iso_3166-2.json';
const EXPECTED_COUNT = 57;

interface Subdivision {
  code: string;
  name: string;
  type: string;
}

/** ISO 3166-2 US subdivisions (states, DC, outlying areas) from Debian iso-codes. */
export async function vendorIsoCodes(): Promise<SourceInfo> {
  // Use the system copy when it is the pinned version; otherwise fetch exactly that .deb.
  const root =
    (await installedDebianVersion(DEB_PACKAGE)) === DEB_VERSION
      ? '/'
      : await debianPackageRoot(DEB_PACKAGE, DEB_VERSION);
  const json = JSON.parse(readFileSync(join(root, PATH_IN_PACKAGE), 'utf8')) as Record<string, unknown>;
  const all = json['3166-2'];
  if (!Array.isArray(all)) throw new Error('iso_3166-2.json: no "3166-2" array');
  const us = (all as Subdivision[]).filter((e) => typeof e.code === 'string' && e.code.startsWith('US-'));
  for (const e of us) {
    if (typeof e.name !== 'string' || typeof e.type !== 'string')
      throw new Error(`iso-codes ${e.code}: missing name/type`);
  }
  if (us.length !== EXPECTED_COUNT) throw new Error(`iso-codes: ${us.length} US entries, expected ${EXPECTED_COUNT}`);
  us.sort((a, b) => byCodeUnit(a.code, b.code));
  const path = writeDatasetLines('iso-codes/iso_3166-2-US.tsv', [
    tsvRow(['code', 'name', 'type']),
    ...us.map((e) => tsvRow([e.code, e.name, e.type])),
  ]);
  const types = new Map<string, number>();
  for (const e of us) types.set(e.type, (types.get(e.type) ?? 0) + 1);
  return {
    folder: 'iso-codes',
    title: 'ISO 3166-2 subdivisions of the United States',
    publisher: 'Debian iso-codes project (data after ISO 3166-2)',
    url: 'https://salsa.debian.org/iso-codes-team/iso-codes',
    edition: `Debian ${DEB_PACKAGE} ${DEB_VERSION}`,
    licence: 'LGPL-2.1-or-later (Debian iso-codes)',
    attribution: 'From the iso-codes project (https://salsa.debian.org/iso-codes-team/iso-codes), LGPL-2.1-or-later.',
    package: `Debian ${DEB_PACKAGE} ${DEB_VERSION}`,
    pathInPackage: `/${PATH_IN_PACKAGE}`,
    changes:
      'Entries whose code starts with "US-" (fields code, name, type) written as TSV, sorted by code. Types: ' +
      `${[...types]
        .sort((a, b) => byCodeUnit(a[0], b[0]))
        .map(([t, n]) => `${t} ${n}`)
        .join(', ')}.`,
    files: [{ path, rows: us.length }],
  };
}
