import { readFileSync } from 'node:fs';
import { decodeUtf8 } from '../../extract/read-delimited.js';
import { readLines, type SourceLine } from '../../extract/read-lines.js';
import { SourceError } from '../../source-error.js';

/** The files the street model reads. */
export const STREET_FILES = {
  addresses: 'rrad/addresses-us-all.json',
  fakerEn: 'faker-street-names/en.txt',
  fakerEnUs: 'faker-street-names/en_US.txt',
  suffixes: 'usps-street-suffixes/street-types.json',
  directionals: 'addresser/directionals.json',
  unitPrefixes: 'addresser/line2-prefixes.json',
  model: 'street-model/model.json',
} as const;

/** The street sources, parsed but not yet checked. */
export interface StreetsRaw {
  addresses: unknown;
  fakerLines: SourceLine[];
  suffixes: unknown;
  directionals: unknown;
  unitPrefixes: unknown;
  model: unknown;
}

function readJson(datasetsDir: string, file: string): unknown {
  const text = decodeUtf8(readFileSync(`${datasetsDir}/${file}`), file);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SourceError(file, null, `not valid JSON: ${(error as Error).message}`);
  }
}

/** Reads every street file. */
export function extractStreets(datasetsDir: string): StreetsRaw {
  return {
    addresses: readJson(datasetsDir, STREET_FILES.addresses),
    fakerLines: [...readLines(datasetsDir, STREET_FILES.fakerEn), ...readLines(datasetsDir, STREET_FILES.fakerEnUs)],
    suffixes: readJson(datasetsDir, STREET_FILES.suffixes),
    directionals: readJson(datasetsDir, STREET_FILES.directionals),
    unitPrefixes: readJson(datasetsDir, STREET_FILES.unitPrefixes),
    model: readJson(datasetsDir, STREET_FILES.model),
  };
}
