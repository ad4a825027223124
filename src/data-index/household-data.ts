import { UssynthError } from '../errors.js';

/**
 * File name of the household data in dist-data/ (built by `npm run data:build` from datasets/acs-households/).
 * @example new URL(HOUSEHOLD_DATA_FILE, location.href) // where a page serves it
 */
export const HOUSEHOLD_DATA_FILE = 'ussynth-households.json';

/**
 * The shares of the household model (datasets/acs-households/household-shares.csv, docs/related-records.md).
 * @example HOUSEHOLD_SHARES.includes('married_of_family') // true
 */
export const HOUSEHOLD_SHARES = [
  'child_of_other_family_members',
  'married_of_family',
  'partner_of_nonfamily_not_alone',
  'relative_shares_surname',
  'same_sex_of_married',
  'same_sex_of_partners',
  'spouse_shares_surname',
] as const;

/**
 * One share of the household model.
 * @example const share: HouseholdShare = 'spouse_shares_surname'
 */
export type HouseholdShare = (typeof HOUSEHOLD_SHARES)[number];

/**
 * The household data: ACS household type by size, spouses' age gaps, ages of children at home and the model's
 * shares, as `dist-data/ussynth-households.json` holds them.
 * @example readHouseholdModel(JSON.parse(text)).typeBySize[0] // { percent: 28.1, size: 2, type: 'family' }
 */
export interface HouseholdModel {
  /** ACS B11016's cells: per cent of households of a type and size (the top bin, 7+, as 7). */
  readonly typeBySize: readonly {
    readonly percent: number;
    readonly size: number;
    readonly type: 'family' | 'nonfamily';
  }[];
  /** Age of the man minus age of the woman in married couples: inclusive bins of whole years, per cent. */
  readonly spouseAgeGaps: readonly { readonly maxYears: number; readonly minYears: number; readonly percent: number }[];
  /** Ages of the householder's children at home: inclusive bins of years, per cent. */
  readonly childAges: readonly { readonly maxAge: number; readonly minAge: number; readonly percent: number }[];
  /** Shares from 0 to 1. */
  readonly shares: Readonly<Record<HouseholdShare, number>>;
}

function invalid(message: string): never {
  throw new UssynthError('invalid_index_file', `Invalid ussynth household data: ${message}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numberAt(row: Record<string, unknown>, key: string, where: string): number {
  const value = row[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) invalid(`${where}.${key} must be a number`);
  return value;
}

function rows(value: Record<string, unknown>, key: string): Record<string, unknown>[] {
  const list = value[key];
  if (!Array.isArray(list) || list.length === 0 || !list.every(isRecord)) invalid(`${key} must be a list of rows`);
  return list;
}

function percents(list: { percent: number }[], key: string): void {
  const sum = list.reduce((total, row) => total + row.percent, 0);
  if (list.some((row) => row.percent < 0) || Math.abs(sum - 100) > 0.5)
    invalid(`${key} must hold non-negative per cents summing to 100, found ${sum}`);
}

function bins<K extends string>(
  value: Record<string, unknown>,
  key: string,
  min: K,
  max: K,
  lowest: number,
): ({ percent: number } & Record<K, number>)[] {
  const list = rows(value, key).map((row, i) => {
    const low = numberAt(row, min, `${key}[${i}]`);
    const high = numberAt(row, max, `${key}[${i}]`);
    if (!Number.isInteger(low) || !Number.isInteger(high) || low > high || low < lowest)
      invalid(`${key}[${i}] must be a bin of whole numbers from ${lowest}`);
    return { [max]: high, [min]: low, percent: numberAt(row, 'percent', `${key}[${i}]`) } as {
      percent: number;
    } & Record<K, number>;
  });
  percents(list, key);
  return list;
}

/**
 * Checks parsed household data (the JSON of {@link HOUSEHOLD_DATA_FILE}) and returns it typed; a malformed file
 * throws `invalid_index_file` naming the problem.
 * @example readHouseholdModel(JSON.parse(readFileSync('dist-data/ussynth-households.json', 'utf8')))
 */
export function readHouseholdModel(value: unknown): HouseholdModel {
  if (!isRecord(value)) invalid('the file must hold one JSON object');
  const typeBySize = rows(value, 'typeBySize').map((row, i) => {
    const size = numberAt(row, 'size', `typeBySize[${i}]`);
    const type = row.type;
    if (type !== 'family' && type !== 'nonfamily') invalid(`typeBySize[${i}].type must be family or nonfamily`);
    if (!Number.isInteger(size) || size < (type === 'family' ? 2 : 1) || size > 7)
      invalid(`typeBySize[${i}].size must be a whole number from ${type === 'family' ? 2 : 1} to 7`);
    return { percent: numberAt(row, 'percent', `typeBySize[${i}]`), size, type } as const;
  });
  percents(typeBySize, 'typeBySize');
  const spouseAgeGaps = bins(value, 'spouseAgeGaps', 'minYears', 'maxYears', -20);
  if (spouseAgeGaps.some((gap) => gap.maxYears > 20)) invalid('spouseAgeGaps must stay within 20 years');
  const childAges = bins(value, 'childAges', 'minAge', 'maxAge', 0);
  if (childAges.some((bin) => bin.maxAge > 50)) invalid('childAges must stay within 0 to 50 years');
  const given = value.shares;
  if (!isRecord(given)) invalid('shares must be an object');
  const shares = {} as Record<HouseholdShare, number>;
  for (const name of HOUSEHOLD_SHARES) {
    const share = numberAt(given, name, 'shares');
    if (share < 0 || share > 1) invalid(`shares.${name} must be from 0 to 1`);
    shares[name] = share;
  }
  return { typeBySize, spouseAgeGaps, childAges, shares };
}
