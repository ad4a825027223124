import { readFileSync } from 'node:fs';
import { csvRow } from './csv-field.js';
import { cutAndEval } from './js-literal.js';
import { packageFile, scratchInstall } from './scratch-install.js';
import type { SourceInfo } from './source-info.js';
import { byCodeUnit } from '../../src/code-unit-order.js';
import { writeDatasetLines } from './write-dataset-file.js';

const PACKAGE = 'validator';
const VERSION = '13.15.35';
const PATH_IN_PACKAGE = 'lib/isTaxID.js';
const MARKER = 'var enUsCampusPrefix =';
/** Independent list used only to cross-check the set of prefixes. */
const CHECK_PACKAGE = 'ein-validator';
const CHECK_VERSION = '1.0.1';
const CHECK_PATH = 'dist/src/index.js';
const CHECK_MARKER = 'var campus =';
const EXPECTED_DISTINCT = 83;

function campusPrefixes(value: unknown, what: string): Array<[string, string]> {
  if (typeof value !== 'object' || value === null) throw new Error(`${what}: not an object`);
  const pairs: Array<[string, string]> = [];
  for (const [campus, prefixes] of Object.entries(value)) {
    if (!Array.isArray(prefixes)) throw new Error(`${what}.${campus}: not an array`);
    for (const p of prefixes) {
      if (typeof p !== 'string' || !/^\d\d$/.test(p)) throw new Error(`${what}.${campus}: bad prefix ${String(p)}`);
      pairs.push([p, campus]);
    }
  }
  return pairs;
}

/** IRS EIN prefix -> assigning campus, from validator.js, cross-checked against ein-validator. */
export async function vendorIrsEinPrefixes(): Promise<SourceInfo> {
  const root = await scratchInstall(PACKAGE, VERSION);
  const source = readFileSync(packageFile(root, PACKAGE, PATH_IN_PACKAGE), 'utf8');
  const pairs = campusPrefixes(cutAndEval(source, MARKER), 'enUsCampusPrefix');
  pairs.sort((a, b) => byCodeUnit(a[0], b[0]) || byCodeUnit(a[1], b[1]));
  const distinct = new Set(pairs.map(([p]) => p));
  if (distinct.size !== EXPECTED_DISTINCT)
    throw new Error(`EIN: ${distinct.size} distinct prefixes, expected ${EXPECTED_DISTINCT}`);
  const multi = [...distinct].filter((p) => pairs.filter(([q]) => q === p).length > 1);

  const checkRoot = await scratchInstall(CHECK_PACKAGE, CHECK_VERSION);
  const checkSource = readFileSync(packageFile(checkRoot, CHECK_PACKAGE, CHECK_PATH), 'utf8');
  const checkPairs = campusPrefixes(cutAndEval(checkSource, CHECK_MARKER), 'campus');
  const checkSet = new Set(checkPairs.map(([p]) => p));
  const onlyValidator = [...distinct].filter((p) => !checkSet.has(p)).sort(byCodeUnit);
  const onlyCheck = [...checkSet].filter((p) => !distinct.has(p)).sort(byCodeUnit);
  const campusDiffs = pairs
    .filter(([p, c]) => checkSet.has(p) && !checkPairs.some(([q, d]) => q === p && d === c))
    .map(
      ([p, c]) =>
        `${p} (${c} in validator; ${checkPairs
          .filter(([q]) => q === p)
          .map(([, d]) => d)
          .join('/')} in ein-validator)`,
    );

  const path = writeDatasetLines('irs-ein-prefixes/ein-prefixes.csv', [
    'prefix,campus',
    ...pairs.map((r) => csvRow(r)),
  ]);
  return {
    folder: 'irs-ein-prefixes',
    title: 'IRS EIN prefixes by campus',
    publisher: 'Internal Revenue Service; transcription by validator.js',
    url: 'https://www.irs.gov/businesses/small-businesses-self-employed/how-eins-are-assigned-and-valid-ein-prefixes',
    edition: `as in ${PACKAGE}@${VERSION}`,
    licence: 'IRS page: US government work (public domain); validator package MIT',
    attribution:
      'EIN prefix list from validator.js (https://github.com/validatorjs/validator.js), MIT licence; originally published by the IRS.',
    package: `npm ${PACKAGE}@${VERSION} (cross-checked against npm ${CHECK_PACKAGE}@${CHECK_VERSION} ${CHECK_PATH})`,
    pathInPackage: `${PATH_IN_PACKAGE} (\`${MARKER} {...}\`)`,
    changes:
      'Object literal cut from the source text and evaluated in node:vm; one row per (prefix, campus) pair, sorted by prefix ' +
      `then campus. ${pairs.length} rows, ${distinct.size} distinct prefixes; listed under more than one campus: ${multi.join(', ') || 'none'}.`,
    notes: [
      `Cross-check with ${CHECK_PACKAGE}@${CHECK_VERSION}: ${checkSet.size} distinct prefixes; only in validator: ` +
        `${onlyValidator.join(', ') || 'none'}; only in ${CHECK_PACKAGE}: ${onlyCheck.join(', ') || 'none'}.`,
      `Campus differs between the two packages for: ${campusDiffs.join('; ') || 'none'}.`,
    ],
    files: [{ path, rows: pairs.length }],
  };
}
