import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SourceInfo } from './source-info.js';
import { DATASETS_DIR, writeDatasetLines } from './write-dataset-file.js';
import { sha256Hex } from '../sha256-hex.js';

/** Where the copy was taken from: no registry package carries the Census 2010 surname file. */
export const COPY = {
  repository: 'github.com/DinaAbrahim/MarriageInTexas',
  commit: 'c9d83529a212d22a8d7beef84c6a68a6d2fbc230',
  path: 'Names_2010Census.csv',
  bytes: 65_536,
  sha256: '089110943f51fdd382b8603f81aa879b74e8e1ed39bf5636c95d2ea5d53da864',
} as const;

const OUTPUT = 'census-2010-surnames/top-surnames.csv';
/** Rows the copy holds whole: it was cut at 64 KB in the middle of rank 1,023. */
const COMPLETE_ROWS = 1022;
const OUTPUT_SHA256 = '32bcc05f007366fb70544766bb617e030480b89e6f25fcfe709bb389f5f9ca9c';

/**
 * The head of the Census 2010 surname file (ranks 1-1,022 of 162,253), from
 * the only copy the tools here reach whole enough: a public repository's
 * copy cut at 64 KB. Give its path in CENSUS_2010_SURNAMES_CSV to vendor it
 * again (its sha256 is checked); without it, the vendored file is kept if
 * it is unchanged. The cut last line is dropped.
 */
export async function vendorCensus2010Surnames(): Promise<SourceInfo> {
  const input = process.env.CENSUS_2010_SURNAMES_CSV;
  if (input) {
    const bytes = readFileSync(input);
    if (bytes.length !== COPY.bytes || sha256Hex(bytes) !== COPY.sha256)
      throw new Error(
        `${input} is not the recorded copy of ${COPY.repository}/${COPY.path} (${COPY.bytes} bytes, sha256 ${COPY.sha256})`,
      );
    const lines = bytes.toString('utf8').split('\r\n');
    writeDatasetLines(OUTPUT, lines.slice(0, COMPLETE_ROWS + 1));
  } else if (!existsSync(join(DATASETS_DIR, OUTPUT))) {
    throw new Error(
      `set CENSUS_2010_SURNAMES_CSV to a copy of ${COPY.repository}/${COPY.path} at ${COPY.commit} to vendor ${OUTPUT}`,
    );
  }
  const written = sha256Hex(readFileSync(join(DATASETS_DIR, OUTPUT)));
  if (written !== OUTPUT_SHA256) throw new Error(`${OUTPUT} has sha256 ${written}, expected ${OUTPUT_SHA256}`);
  return {
    folder: 'census-2010-surnames',
    title: 'Census 2010 surnames, ranks 1-1,022 (count, share per 100,000, race and Hispanic-origin percentages)',
    publisher: 'US Census Bureau',
    url: 'https://www.census.gov/topics/population/genealogy/data/2010_surnames.html (Names_2010Census.csv)',
    edition:
      'Frequently Occurring Surnames from the 2010 Census (162,253 names with 100+ bearers); the first 1,022 rows',
    licence: 'Public domain (US government work)',
    attribution:
      'Source: US Census Bureau, Frequently Occurring Surnames from the 2010 Census. No attribution required.',
    package: `none (not on the registry): ${COPY.repository} at commit ${COPY.commit}, ${COPY.bytes} bytes, sha256 ${COPY.sha256}`,
    pathInPackage: COPY.path,
    changes:
      `The copy stops at 64 KB, in the middle of rank ${COMPLETE_ROWS + 1}: its ${COMPLETE_ROWS} whole rows are kept with the header, unchanged but for line ends (CRLF -> LF), and the cut line dropped. ` +
      'No complete copy was reachable (registries: none; public repositories: this cut copy, and copies too large to be fetched). ' +
      'Checked at build time against the Census figures: SMITH 2,442,977 (828.19 per 100,000), GARCIA 1,166,120, NGUYEN 437,645; ranks 1..1,022 in order; ' +
      'cum_prop100k the running sum of prop100k; count / prop100k implies a population of about 295 million.',
    files: [{ path: OUTPUT, rows: COMPLETE_ROWS }],
  };
}
