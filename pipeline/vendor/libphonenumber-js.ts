import { tsvRow } from './csv-field.js';
import { scratchInstall, scratchRequire } from './scratch-install.js';
import type { SourceInfo } from './source-info.js';
import { byCodeUnit } from '../../src/code-unit-order.js';
import { writeDatasetLines } from './write-dataset-file.js';

const PACKAGE = 'libphonenumber-js';
const VERSION = '1.13.16';
/** The `max` metadata is the only build that checks national number ranges, which is what we probe. */
const ENTRY = 'libphonenumber-js/max';
const REGIONS: ReadonlySet<string> = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP']);
const NPA_FIRST = 200;
const NPA_LAST = 999;
const NXX_FIRST = 200;
const NXX_LAST = 999;
/** One line number per exchange: enough to tell which NPAs hold any valid range, not to map exact ranges. */
const LINE = '4567';
/**
 * Lines probed per exchange for the exchange list: the first, a middle and
 * the last. The max metadata's fixed-line and mobile patterns of US, PR, GU,
 * VI, AS and MP end in `\d{4}` after the exchange, so one line decides; the
 * three guard against a future pattern that splits an exchange.
 */
const EXCHANGE_LINES = ['0000', '4567', '9999'];

const TYPE_CATEGORY: Readonly<Record<string, string>> = {
  FIXED_LINE: 'geographic',
  MOBILE: 'geographic',
  FIXED_LINE_OR_MOBILE: 'geographic',
  PERSONAL_NUMBER: 'personal',
  TOLL_FREE: 'toll_free',
  PREMIUM_RATE: 'premium_rate',
  VOIP: 'voip',
  UAN: 'uan',
};

interface PhoneNumber {
  isValid(): boolean;
  country?: string;
  getType(): string | undefined;
}
interface LibphonenumberMax {
  parsePhoneNumberFromString(text: string): PhoneNumber | undefined;
}

/** Area codes that libphonenumber-js (max metadata) accepts as valid, per NANP region of interest. */
export async function vendorLibphonenumberJs(): Promise<SourceInfo> {
  const root = await scratchInstall(PACKAGE, VERSION);
  const lib = scratchRequire(root)(ENTRY) as LibphonenumberMax;
  const rows: string[][] = [];
  // Per NPA and region: the exchanges whose every probed line is a valid geographic number of that region.
  const exchangeRows: string[][] = [];
  for (let npa = NPA_FIRST; npa <= NPA_LAST; npa++) {
    // region -> category -> valid probes
    const seen = new Map<string, Map<string, number>>();
    for (let nxx = NXX_FIRST; nxx <= NXX_LAST; nxx++) {
      const parsed = lib.parsePhoneNumberFromString(`+1${npa}${nxx}${LINE}`);
      if (parsed === undefined || !parsed.isValid()) continue;
      const region = parsed.country;
      const type = parsed.getType();
      if (region === undefined || !REGIONS.has(region) || type === undefined) continue;
      const category = TYPE_CATEGORY[type] ?? 'other';
      const counts = seen.get(region) ?? new Map<string, number>();
      counts.set(category, (counts.get(category) ?? 0) + 1);
      seen.set(region, counts);
    }
    for (const [region, counts] of seen) {
      // Most common category; ties go to the code-point-smaller name so the result is stable.
      const best = [...counts].sort((a, b) => b[1] - a[1] || byCodeUnit(a[0], b[0]))[0];
      if (best !== undefined) rows.push([String(npa), region, best[0]]);
      if (best?.[0] === 'geographic') exchangeRows.push([String(npa), region, exchangeRanges(lib, npa, region)]);
    }
  }
  rows.sort((a, b) => byCodeUnit(a[0] ?? '', b[0] ?? '') || byCodeUnit(a[1] ?? '', b[1] ?? ''));
  const path = writeDatasetLines('libphonenumber-js/nanp-area-codes.tsv', [
    tsvRow(['area_code', 'region', 'type']),
    ...rows.map((r) => tsvRow(r)),
  ]);
  exchangeRows.sort((a, b) => byCodeUnit(a[0] ?? '', b[0] ?? '') || byCodeUnit(a[1] ?? '', b[1] ?? ''));
  const exchangesPath = writeDatasetLines(EXCHANGES_FILE, [
    tsvRow(['area_code', 'region', 'exchanges']),
    ...exchangeRows.map((r) => tsvRow(r)),
  ]);
  const tally = new Map<string, number>();
  for (const [, region, type] of rows) tally.set(`${region} ${type}`, (tally.get(`${region} ${type}`) ?? 0) + 1);
  const counts = [...tally].sort((a, b) => byCodeUnit(a[0], b[0])).map(([k, n]) => `${k}: ${n}`);
  return {
    folder: 'libphonenumber-js',
    title: 'NANP area codes valid in libphonenumber-js (max metadata)',
    publisher: 'libphonenumber-js (Nikolay Kuchumov), metadata from Google libphonenumber',
    url: 'https://github.com/google/libphonenumber (metadata: resources/PhoneNumberMetadata.xml); https://gitlab.com/catamphetamine/libphonenumber-js',
    edition: `metadata bundled in ${PACKAGE}@${VERSION} (${ENTRY})`,
    licence: 'libphonenumber-js code MIT; phone number metadata Apache-2.0 (Google libphonenumber)',
    attribution:
      'Derived from Google libphonenumber metadata (https://github.com/google/libphonenumber), Copyright (C) The Libphonenumber Authors, Apache License 2.0, via libphonenumber-js (MIT).',
    package: `npm ${PACKAGE}@${VERSION}`,
    pathInPackage: 'max/ (metadata.max.json), loaded through the package entry point',
    changes:
      `Derived by probing, not copied. For every NPA ${NPA_FIRST}..${NPA_LAST} and every NXX ${NXX_FIRST}..${NXX_LAST}, ` +
      `the number +1 NPA NXX ${LINE} is parsed with parsePhoneNumberFromString; valid numbers (isValid()) whose country is ` +
      `one of ${[...REGIONS].join(', ')} are kept, and getType() is mapped to a category (FIXED_LINE, MOBILE, ` +
      'FIXED_LINE_OR_MOBILE -> geographic; PERSONAL_NUMBER -> personal; TOLL_FREE -> toll_free; PREMIUM_RATE -> premium_rate; ' +
      'VOIP -> voip; UAN -> uan; any other defined type -> other; undefined types ignored). Each (NPA, region) with at least ' +
      'one valid probe is one row, typed with its most common category (ties: code-point smaller). Sorted by area_code then region. ' +
      `Counts: ${counts.join('; ')}.`,
    files: [
      { path, rows: rows.length },
      { path: exchangesPath, rows: exchangeRows.length },
    ],
    notes: [
      `${EXCHANGES_FILE}: for every geographic row above, the exchanges NXX ${NXX_FIRST}..${NXX_LAST} at which the numbers ` +
        `+1 NPA NXX ${EXCHANGE_LINES.join(', ')} are all valid (isValid()) geographic numbers (FIXED_LINE, MOBILE or FIXED_LINE_OR_MOBILE) of the row's region, ` +
        'written as ranges "first-last" (or one NXX) separated by spaces; an exchange a line of which fails is left out. ' +
        'The generator draws phones from these exchanges only (983-6XX, which the metadata leaves out of 983, is the case that made this file).',
    ],
  };
}

/** The exchanges file: per geographic (NPA, region), its valid exchanges as ranges. */
const EXCHANGES_FILE = 'libphonenumber-js/nanp-exchanges.tsv';

/** The valid exchanges of an NPA in a region (every line of {@link EXCHANGE_LINES} valid and geographic), as "200-299 310" ranges. */
function exchangeRanges(lib: LibphonenumberMax, npa: number, region: string): string {
  const valid: number[] = [];
  for (let nxx = NXX_FIRST; nxx <= NXX_LAST; nxx++) {
    const ok = EXCHANGE_LINES.every((line) => {
      const parsed = lib.parsePhoneNumberFromString(`+1${npa}${nxx}${line}`);
      return parsed?.isValid() && parsed.country === region && TYPE_CATEGORY[parsed.getType() ?? ''] === 'geographic';
    });
    if (ok) valid.push(nxx);
  }
  const ranges: string[] = [];
  for (let i = 0; i < valid.length; ) {
    let j = i;
    while (j + 1 < valid.length && valid[j + 1] === valid[j] + 1) j++;
    ranges.push(i === j ? String(valid[i]) : `${valid[i]}-${valid[j]}`);
    i = j + 1;
  }
  return ranges.join(' ');
}
