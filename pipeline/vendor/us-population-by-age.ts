import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import type { SourceInfo } from './source-info.js';
import { DATASETS_DIR, writeDatasetLines } from './write-dataset-file.js';
import { sha256Hex } from '../sha256-hex.js';

/** Where the table was taken from: no registry package carries US population by single year of age. */
export const COPY = {
  repository: 'github.com/NickCarducci/2024nj.com',
  commit: '0f812555a4f12203ac4c725ba08bcde5c576e10d',
  path: 'src/populationdata.js',
  bytes: 684_564,
  sha256: 'd8d196ccdcc88accfe1147f07219baeb620da9020d28dbdef02f2a7d4bf70551',
} as const;

const OUTPUT = 'us-population-by-age/population-2022.csv';
const YEAR = 2022;
const OUTPUT_SHA256 = 'fb7f553405650aa3c589fc0c18d3e2d90a51fbed576c0869273137e3dd4cf30e';

interface AgeRow {
  age: number | 'total';
  pop: number;
  male: number;
  female: number;
}

/**
 * US population by single year of age (0-100, 100 meaning 100 and over)
 * and sex in 2022, cut from a public repository's copy (`export const
 * populationdata = { <year>: [...] }`); give its path in
 * US_POPULATION_BY_AGE_JS to vendor it again (its sha256 is checked).
 * Checked: male + female = total on every row, the ages sum to the total row.
 */
export async function vendorUsPopulationByAge(): Promise<SourceInfo> {
  const input = process.env.US_POPULATION_BY_AGE_JS;
  let total = 0;
  if (input) {
    const bytes = readFileSync(input);
    if (bytes.length !== COPY.bytes || sha256Hex(bytes) !== COPY.sha256)
      throw new Error(`${input} is not the recorded copy of ${COPY.repository}/${COPY.path}`);
    const source = bytes.toString('utf8').replace(/^export const populationdata = /m, 'result = ');
    const sandbox: { result?: Record<number, AgeRow[]> } = {};
    runInNewContext(source, sandbox);
    const rows = sandbox.result?.[YEAR];
    if (!rows) throw new Error(`${COPY.path}: no ${YEAR} table`);
    const totalRow = rows.find((r) => r.age === 'total')!;
    const ages = rows.filter((r): r is AgeRow & { age: number } => r.age !== 'total');
    ages.forEach((r, i) => {
      if (r.age !== i || r.male + r.female !== r.pop)
        throw new Error(`${COPY.path} ${YEAR}: row for age ${r.age} is out of order or male + female != pop`);
    });
    if (ages.length !== 101 || ages.reduce((a, r) => a + r.pop, 0) !== totalRow.pop)
      throw new Error(`${COPY.path} ${YEAR}: ages 0-100 do not sum to the total`);
    total = totalRow.pop;
    writeDatasetLines(OUTPUT, ['age,male,female', ...ages.map((r) => `${r.age},${r.male},${r.female}`)]);
  } else if (!existsSync(join(DATASETS_DIR, OUTPUT))) {
    throw new Error(
      `set US_POPULATION_BY_AGE_JS to a copy of ${COPY.repository}/${COPY.path} at ${COPY.commit} to vendor ${OUTPUT}`,
    );
  }
  const written = sha256Hex(readFileSync(join(DATASETS_DIR, OUTPUT)));
  if (written !== OUTPUT_SHA256) throw new Error(`${OUTPUT} has sha256 ${written}, expected ${OUTPUT_SHA256}`);
  return {
    folder: 'us-population-by-age',
    title: `US population by single year of age and sex, ${YEAR}`,
    publisher:
      'US Census Bureau, International Database (as the copy appears to be: ages 0-100+, male and female; the repository names no source)',
    url: 'https://www.census.gov/data-tools/demo/idb/ (United States, population by single year of age)',
    edition: `${YEAR} (total ${total > 0 ? total.toLocaleString('en-US') : '337,341,954'})`,
    licence: 'Public domain (US government work)',
    attribution: 'Source: US Census Bureau. No attribution required.',
    package: `none (not on the registry): ${COPY.repository} at commit ${COPY.commit}, ${COPY.bytes} bytes, sha256 ${COPY.sha256}`,
    pathInPackage: `${COPY.path} (\`populationdata[${YEAR}]\`)`,
    changes:
      'The year-2022 array evaluated in node:vm; one row per age 0-100 with male and female counts; percent and ratio columns dropped. Checked: male + female = pop on every row, ages sum to the total row. Not checked against the publisher (not reachable here).',
    files: [{ path: OUTPUT, rows: 101 }],
  };
}
