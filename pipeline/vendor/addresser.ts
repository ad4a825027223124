import { readFileSync } from 'node:fs';
import { cutAndEval } from './js-literal.js';
import { packageFile, scratchInstall } from './scratch-install.js';
import type { SourceInfo } from './source-info.js';
import { byCodeUnit } from '../../src/code-unit-order.js';
import { writeDatasetJson } from './write-dataset-file.js';

const PACKAGE = 'addresser';
const VERSION = '1.1.22';
const PATH_IN_PACKAGE = 'index.js';
const LINE2_MARKER = 'var usLine2Prefixes =';
const DIRECTIONAL_MARKER = 'var usStreetDirectional =';

function sortedStringMap(value: unknown, what: string): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${what}: not an object`);
  const out: Record<string, string> = {};
  for (const key of Object.keys(value).sort(byCodeUnit)) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v !== 'string') throw new Error(`${what}.${key}: not a string`);
    // Digit-only keys would be reordered by JavaScript objects and break the sorted output.
    if (/^\d+$/.test(key)) throw new Error(`${what}: integer-like key ${key}`);
    out[key] = v;
  }
  return out;
}

/** addresser's secondary-unit designators and street directionals. */
export async function vendorAddresser(): Promise<SourceInfo> {
  const root = await scratchInstall(PACKAGE, VERSION);
  const source = readFileSync(packageFile(root, PACKAGE, PATH_IN_PACKAGE), 'utf8');
  const line2 = sortedStringMap(cutAndEval(source, LINE2_MARKER), 'usLine2Prefixes');
  const directionals = sortedStringMap(cutAndEval(source, DIRECTIONAL_MARKER), 'usStreetDirectional');
  // Report designators whose abbreviation is not itself a designator mapping to itself (e.g. source typos).
  const odd = Object.entries(line2)
    .filter(([, abbr]) => line2[abbr] !== abbr)
    .map(([k, v]) => `${k} -> ${v}`);
  return {
    folder: 'addresser',
    title: 'Secondary unit designators and street directionals (addresser)',
    publisher: 'addresser npm package (after USPS Publication 28)',
    url: 'https://pe.usps.com/text/pub28/28apc_003.htm (Publication 28, C2 Secondary Unit Designators); https://github.com/moneals/addresser',
    edition: `as in ${PACKAGE}@${VERSION}`,
    licence: 'MIT (addresser package)',
    attribution: 'From addresser (https://github.com/moneals/addresser), MIT licence.',
    package: `npm ${PACKAGE}@${VERSION}`,
    pathInPackage: `${PATH_IN_PACKAGE} (\`${LINE2_MARKER} {...}\`, \`${DIRECTIONAL_MARKER} {...}\`)`,
    changes:
      'Object literals cut from the source text and evaluated in node:vm; written as 2-space JSON with keys sorted by code point; ' +
      'values unchanged.',
    notes:
      odd.length > 0
        ? [`Line-2 entries whose abbreviation does not map to itself (kept as in the source): ${odd.join(', ')}.`]
        : [],
    files: [
      { path: writeDatasetJson('addresser/line2-prefixes.json', line2), rows: Object.keys(line2).length },
      { path: writeDatasetJson('addresser/directionals.json', directionals), rows: Object.keys(directionals).length },
    ],
  };
}
