import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../sha256-hex.js';
import type { SourceInfo } from './source-info.js';
import { DATASETS_DIR } from './write-dataset-file.js';

const OUTPUT = 'bls-oews-sector-titles/titles-by-sector.csv';
const OUTPUT_SHA256 = '1fc0bb31cc5daddaf864cb13429338286ead124df987c842fde33cc2e8e0c16c';

/**
 * Job titles by NAICS sector (the employees' titles): a small table
 * transcribed by hand, not fetched (no registry package carries BLS
 * occupational employment by industry); this step checks its sha256 and
 * describes it.
 */
export async function vendorBlsOewsSectorTitles(): Promise<SourceInfo> {
  const written = sha256Hex(readFileSync(join(DATASETS_DIR, OUTPUT)));
  if (written !== OUTPUT_SHA256) throw new Error(`${OUTPUT} has sha256 ${written}, expected ${OUTPUT_SHA256}`);
  const rows = readFileSync(join(DATASETS_DIR, OUTPUT), 'utf8').trimEnd().split('\n').length - 1;
  return {
    folder: 'bls-oews-sector-titles',
    title: 'Occupations by NAICS sector, with their employment (job titles of employees)',
    publisher: 'US Bureau of Labor Statistics, Occupational Employment and Wage Statistics (OEWS)',
    url: 'https://www.bls.gov/oes/tables.htm (national industry-specific estimates, NAICS sectors); SOC titles: https://www.bls.gov/soc/2018/major_groups.htm',
    edition: 'May 2023 national sector estimates (occupations per sector: the largest and the management ones)',
    licence: 'Public domain (US government work)',
    attribution: 'Source: US Bureau of Labor Statistics, OEWS. No attribution required.',
    package: 'none (not on the registry): transcribed by hand',
    pathInPackage: '-',
    changes:
      'Per sector (the sector codes of County Business Patterns: 31-33, 44-45, 48-49 joined) 10 to 17 of its occupations: its largest ones and its managers and chief executives; SOC code and title as published; `title` is the job title an employee carries (singular, plain: "Retail Salespersons" -> "Sales Associate"); `employment` the occupation\'s employment in the sector in thousands, rounded as transcribed (approximate: not checked against the publisher, which is not reachable here). Only the relative weights within a sector are used.',
    files: [{ path: OUTPUT, rows }],
  };
}
