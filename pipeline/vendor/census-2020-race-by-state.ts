import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SourceInfo } from './source-info.js';
import { byCodeUnit } from '../../src/code-unit-order.js';
import { DATASETS_DIR, writeDatasetLines } from './write-dataset-file.js';
import { sha256Hex } from '../sha256-hex.js';

/**
 * Where the copy was taken from: a public repository's export of the Census
 * Bureau's table P2 for every county and Puerto Rico municipio
 * (data.census.gov, DECENNIALPL2020.P2). No registry package carries it.
 */
export const COPY = {
  repository: 'github.com/kristinkspanos/us_census_data',
  commit: '7bf0223e25d7d58e1683df4464771150594c4896',
  path: 'race_hispanic_origin/DECENNIALPL2020.P2_data_with_overlays_2021-09-19T020624.csv',
  bytes: 1_240_308,
  sha256: '57fcd038a74419f7797f11381757cb5b3be1551f3dcee9ab767217dac3dba714',
} as const;

const OUTPUT = 'census-2020-race-by-state/p2-states.tsv';
const OUTPUT_SHA256 = 'b69ba08779477f506f75eadad27496ed11e6f126f87b3b1f81f6cecbbbe26c76';

/** The P2 cells kept, in the written column order. */
export const P2_COLUMNS = [
  'P2_001N',
  'P2_002N',
  'P2_005N',
  'P2_006N',
  'P2_007N',
  'P2_008N',
  'P2_009N',
  'P2_010N',
  'P2_011N',
] as const;

/** Splits one line of the export (every field quoted, no quotes inside). */
function fields(line: string): string[] {
  if (!/^"[^"]*"(,"[^"]*")*$/.test(line))
    throw new Error(`${COPY.path}: unexpected line ${JSON.stringify(line.slice(0, 60))}`);
  return line.slice(1, -1).split('","');
}

/**
 * Census 2020 table P2 by state: the county rows of the copy summed by state
 * FIPS (the first two digits of the county's), 50 states, DC and Puerto
 * Rico. Give the copy's path in CENSUS_2020_P2_COUNTIES_CSV to vendor it
 * again (its sha256 is checked); without it, the vendored file is kept if
 * it is unchanged.
 */
export async function vendorCensus2020RaceByState(): Promise<SourceInfo> {
  const input = process.env.CENSUS_2020_P2_COUNTIES_CSV;
  let rows = 0;
  if (input) {
    const bytes = readFileSync(input);
    if (bytes.length !== COPY.bytes || sha256Hex(bytes) !== COPY.sha256)
      throw new Error(
        `${input} is not the recorded copy of ${COPY.repository}/${COPY.path} (${COPY.bytes} bytes, sha256 ${COPY.sha256})`,
      );
    const lines = bytes
      .toString('utf8')
      .split(/\r?\n/)
      .filter((l) => l !== '');
    const header = fields(lines[0]);
    const at = P2_COLUMNS.map((c) => header.indexOf(c));
    if (at.includes(-1)) throw new Error(`${COPY.path}: missing one of ${P2_COLUMNS.join(', ')}`);
    const states = new Map<string, { name: string; counts: number[] }>();
    // Line 2 holds the column labels; then one line per county (GEO_ID 0500000USssccc).
    for (const line of lines.slice(2)) {
      const f = fields(line);
      const m = /^0500000US(\d{2})\d{3}$/.exec(f[0]);
      if (!m) throw new Error(`${COPY.path}: not a county GEO_ID: ${f[0]}`);
      const name = f[1].slice(f[1].lastIndexOf(', ') + 2);
      const state = states.get(m[1]) ?? { name, counts: P2_COLUMNS.map(() => 0) };
      if (state.name !== name) throw new Error(`${COPY.path}: state ${m[1]} is named both ${state.name} and ${name}`);
      at.forEach((i, k) => {
        if (!/^\d+$/.test(f[i])) throw new Error(`${COPY.path}: ${f[0]} ${P2_COLUMNS[k]} is not a count: ${f[i]}`);
        state.counts[k] += Number(f[i]);
      });
      states.set(m[1], state);
    }
    const out = [...states.entries()].sort((a, b) => byCodeUnit(a[0], b[0]));
    rows = out.length;
    writeDatasetLines(OUTPUT, [
      ['fips', 'name', ...P2_COLUMNS].join('\t'),
      ...out.map(([fips, s]) => [fips, s.name, ...s.counts].join('\t')),
    ]);
  } else if (!existsSync(join(DATASETS_DIR, OUTPUT))) {
    throw new Error(
      `set CENSUS_2020_P2_COUNTIES_CSV to a copy of ${COPY.repository}/${COPY.path} at ${COPY.commit} to vendor ${OUTPUT}`,
    );
  }
  const written = readFileSync(join(DATASETS_DIR, OUTPUT));
  if (sha256Hex(written) !== OUTPUT_SHA256)
    throw new Error(`${OUTPUT} has sha256 ${sha256Hex(written)}, expected ${OUTPUT_SHA256}`);
  if (!input) rows = written.toString('utf8').trimEnd().split('\n').length - 1;
  return {
    folder: 'census-2020-race-by-state',
    title: 'Census 2020 population by Hispanic origin and race (table P2), by state',
    publisher: 'US Census Bureau',
    url: 'https://data.census.gov/table?tid=DECENNIALPL2020.P2 (2020 Census Redistricting Data, Public Law 94-171)',
    edition: '2020 Census Redistricting Data (P.L. 94-171) Summary File, table P2, county level, exported 2021-09-19',
    licence: 'Public domain (US government work)',
    attribution:
      'Source: US Census Bureau, 2020 Census Redistricting Data (Public Law 94-171), table P2. No attribution required.',
    package: `none (not on the registry): ${COPY.repository} at commit ${COPY.commit}, ${COPY.bytes} bytes, sha256 ${COPY.sha256}`,
    pathInPackage: COPY.path,
    changes:
      `The 3,221 county and municipio rows summed by state FIPS into ${rows} rows (50 states, DC, Puerto Rico); columns kept: ` +
      'P2_001N total, P2_002N Hispanic or Latino, and of the not Hispanic: P2_005N White alone, P2_006N Black alone, P2_007N AIAN alone, ' +
      'P2_008N Asian alone, P2_009N NHPI alone, P2_010N Some Other Race alone, P2_011N two or more races. ' +
      "Checked at build time against the Census totals: Texas 29,145,505 with 11,441,717 Hispanic; the 50 states and DC 331,449,281; each row's cells sum to its total.",
    files: [{ path: OUTPUT, rows }],
  };
}
