import { readDelimited, type DelimitedRow } from '../../extract/read-delimited.js';

/** The four tables of datasets/acs-households/ (SOURCES.md), by their role in the household model. */
export const HOUSEHOLD_FILES = {
  typeBySize: 'acs-households/household-type-by-size.csv',
  spouseAgeGaps: 'acs-households/spouse-age-gaps.csv',
  childAges: 'acs-households/child-ages.csv',
  shares: 'acs-households/household-shares.csv',
} as const;

/** The rows of each household table, read strictly (header, field counts). */
export interface HouseholdRows {
  typeBySize: DelimitedRow[];
  spouseAgeGaps: DelimitedRow[];
  childAges: DelimitedRow[];
  shares: DelimitedRow[];
}

/** Reads the household tables. */
export function extractHouseholds(datasetsDir: string): HouseholdRows {
  const csv = (file: string, columns: string[]) =>
    readDelimited(datasetsDir, file, { delimiter: ',', columns, quoting: true });
  return {
    typeBySize: csv(HOUSEHOLD_FILES.typeBySize, ['type', 'size', 'percent']),
    spouseAgeGaps: csv(HOUSEHOLD_FILES.spouseAgeGaps, ['min_years', 'max_years', 'percent']),
    childAges: csv(HOUSEHOLD_FILES.childAges, ['min_age', 'max_age', 'percent']),
    shares: csv(HOUSEHOLD_FILES.shares, ['parameter', 'value', 'basis']),
  };
}
