import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { csvRow } from './csv-field.js';
import { debianPackageRoot } from './debian-package.js';
import type { SourceInfo } from './source-info.js';
import { writeDatasetLines } from './write-dataset-file.js';

const DEB_PACKAGE = 'python3-fake-factory';
const DEB_VERSION = '0.9.3-2';
const PATH_IN_PACKAGE = 'usr/lib/python3/dist-packages/faker/providers/person/en_US/__init__.py';
const EXPECTED_COUNT = 1000;
/** Start of the OrderedDict; it ends at the first line that is just `))`. */
const BLOCK_START = /^\s*last_names = OrderedDict\(\($/m;
const BLOCK_END = /^\s*\)\)$/m;
/** One `('Name', 0.0123),` entry; the weight is kept as text so it matches the source exactly. */
const ENTRY = /^\s*\((['"])(.+?)\1,\s*([0-9.eE+-]+)\),?\s*$/;

/** Top-1000 US surname weights from Python Faker, as an anchor for a rank-frequency fit. */
export async function vendorFakerPythonSurnames(): Promise<SourceInfo> {
  const root = await debianPackageRoot(DEB_PACKAGE, DEB_VERSION);
  const source = readFileSync(join(root, PATH_IN_PACKAGE), 'utf8');
  const start = BLOCK_START.exec(source);
  if (start === null) throw new Error('last_names OrderedDict not found');
  const rest = source.slice(start.index + start[0].length);
  const end = BLOCK_END.exec(rest);
  if (end === null) throw new Error('last_names OrderedDict not terminated');
  const rows: string[][] = [];
  for (const line of rest.slice(0, end.index).split('\n')) {
    if (line.trim() === '') continue;
    const m = ENTRY.exec(line);
    if (m === null) throw new Error(`last_names: unparsed line ${JSON.stringify(line)}`);
    rows.push([m[2] ?? '', m[3] ?? '']);
  }
  if (rows.length !== EXPECTED_COUNT) throw new Error(`last_names: ${rows.length} entries, expected ${EXPECTED_COUNT}`);
  const path = writeDatasetLines('faker-python-surnames/top-surnames.csv', [
    'surname,weight',
    ...rows.map((r) => csvRow(r)),
  ]);
  return {
    folder: 'faker-python-surnames',
    title: 'Python Faker en_US surname weights (top 1000)',
    publisher: 'Faker (joke2k/faker) authors, packaged by Debian',
    url: 'https://github.com/joke2k/faker ; Debian source package https://tracker.debian.org/pkg/faker',
    edition: `Faker 0.9.3 (Debian ${DEB_VERSION})`,
    licence: 'MIT (Expat), per the Debian copyright file',
    attribution: 'Copyright (c) 2012 Daniele Faraglia (Faker). MIT licence.',
    package: `Debian ${DEB_PACKAGE} ${DEB_VERSION} (apt-get download, dpkg-deb -x)`,
    pathInPackage: `/${PATH_IN_PACKAGE} (\`last_names = OrderedDict((...))\`)`,
    changes:
      'Entries parsed from the Python source text with a regular expression (Python is not run); written in source (rank) ' +
      'order with weights exactly as written in the source. Only an anchor for fitting a rank-frequency model.',
    files: [{ path, rows: rows.length }],
  };
}
