import { UssynthError } from '../../../src/errors.js';
import { readHouseholdModel, type HouseholdModel } from '../../../src/data-index/household-data.js';
import { SourceError } from '../../source-error.js';
import { HOUSEHOLD_FILES, type HouseholdRows } from './extract.js';

const DECIMAL = /^-?\d+(\.\d+)?$/;

function decimal(file: string, line: number, text: string): number {
  if (!DECIMAL.test(text))
    throw new SourceError(file, line, `expected a decimal number, found ${JSON.stringify(text)}`);
  return Number(text);
}

/**
 * The household model from its tables: every number a plain decimal, B11016's top bin "7+" taken as 7 (the
 * generator makes 7-person households for it: docs/related-records.md), and the whole checked by the generator's
 * own reader, so the build refuses what the generator would.
 */
export function validateHouseholds(rows: HouseholdRows): HouseholdModel {
  const { typeBySize, spouseAgeGaps, childAges, shares } = HOUSEHOLD_FILES;
  const model = {
    typeBySize: rows.typeBySize.map(({ line, fields: [type, size, percent] }) => ({
      percent: decimal(typeBySize, line, percent),
      size: decimal(typeBySize, line, size === '7+' ? '7' : size),
      type,
    })),
    spouseAgeGaps: rows.spouseAgeGaps.map(({ line, fields: [min, max, percent] }) => ({
      maxYears: decimal(spouseAgeGaps, line, max),
      minYears: decimal(spouseAgeGaps, line, min),
      percent: decimal(spouseAgeGaps, line, percent),
    })),
    childAges: rows.childAges.map(({ line, fields: [min, max, percent] }) => ({
      maxAge: decimal(childAges, line, max),
      minAge: decimal(childAges, line, min),
      percent: decimal(childAges, line, percent),
    })),
    shares: Object.fromEntries(
      rows.shares.map(({ line, fields: [parameter, value] }) => [parameter, decimal(shares, line, value)]),
    ),
  };
  try {
    return readHouseholdModel(model);
  } catch (error) {
    if (error instanceof UssynthError) throw new SourceError('acs-households/', null, error.message);
    throw error;
  }
}
