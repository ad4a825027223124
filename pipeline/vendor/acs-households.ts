import type { SourceInfo } from './source-info.js';
import { writeDatasetLines } from './write-dataset-file.js';

const FOLDER = 'acs-households';

/**
 * Households by type and size, per cent of all US households: the thirteen cells of ACS table B11016 ("Household
 * type by household size"), 2018-2022 5-year estimates, United States, as approximate shares (SOURCES.md).
 */
const TYPE_BY_SIZE: readonly (readonly [type: string, size: string, percent: string])[] = [
  ['family', '2', '28.10'],
  ['family', '3', '14.50'],
  ['family', '4', '12.30'],
  ['family', '5', '5.75'],
  ['family', '6', '2.35'],
  ['family', '7+', '1.58'],
  ['nonfamily', '1', '27.97'],
  ['nonfamily', '2', '5.90'],
  ['nonfamily', '3', '1.00'],
  ['nonfamily', '4', '0.40'],
  ['nonfamily', '5', '0.10'],
  ['nonfamily', '6', '0.03'],
  ['nonfamily', '7+', '0.02'],
];

/** Age of the man minus age of the woman in married couples (years, inclusive bins), per cent of couples. */
const SPOUSE_AGE_GAPS: readonly (readonly [min: string, max: string, percent: string])[] = [
  ['-20', '-10', '1.0'],
  ['-9', '-6', '2.0'],
  ['-5', '-4', '2.5'],
  ['-3', '-2', '5.0'],
  ['-1', '1', '33.5'],
  ['2', '3', '20.0'],
  ['4', '5', '13.0'],
  ['6', '9', '13.0'],
  ['10', '14', '6.5'],
  ['15', '20', '3.5'],
];

/** Ages of the householder's children living in the household (years, inclusive bins), per cent of those children. */
const CHILD_AGES: readonly (readonly [min: string, max: string, percent: string])[] = [
  ['0', '17', '72'],
  ['18', '24', '17'],
  ['25', '34', '8'],
  ['35', '50', '3'],
];

/** Shares of the household model, each with the figure it rests on. */
const SHARES: readonly (readonly [parameter: string, value: string, basis: string])[] = [
  [
    'married_of_family',
    '0.73',
    'ACS 2018-2022 S1101/DP02: married-couple households about 47 % of all households, family households about 64.5 %',
  ],
  [
    'child_of_other_family_members',
    '0.82',
    'ACS 2018-2022 B09019: children of the householder about 82 % of the householder relatives other than the spouse',
  ],
  [
    'partner_of_nonfamily_not_alone',
    '0.50',
    'ACS 2018-2022 S1101: unmarried-partner households about 7 % of households, about half of them without own children (the nonfamily ones), against nonfamily households not living alone about 7.5 %',
  ],
  [
    'same_sex_of_married',
    '0.012',
    'ACS 2022: about 0.74 million same-sex married couples of about 62 million married couples',
  ],
  [
    'same_sex_of_partners',
    '0.06',
    'ACS 2022: about 0.5 million same-sex unmarried-partner households of about 9 million',
  ],
  [
    'spouse_shares_surname',
    '0.79',
    'Pew Research Center 2023 survey: 79 % of women in opposite-sex marriages took their husband last name (14 % kept theirs, 5 % hyphenated)',
  ],
  ['relative_shares_surname', '0.50', 'model choice: a relative is as likely to be on the other side of the family'],
];

/**
 * Household figures of the American Community Survey and of the Pew Research Center, transcribed into four small
 * CSV tables (no registry package carries them; docs/related-records.md, "Households", says how the generator uses
 * each one).
 */
export async function vendorAcsHouseholds(): Promise<SourceInfo> {
  const files = [
    { path: `${FOLDER}/household-type-by-size.csv`, rows: TYPE_BY_SIZE.length },
    { path: `${FOLDER}/spouse-age-gaps.csv`, rows: SPOUSE_AGE_GAPS.length },
    { path: `${FOLDER}/child-ages.csv`, rows: CHILD_AGES.length },
    { path: `${FOLDER}/household-shares.csv`, rows: SHARES.length },
  ];
  writeDatasetLines(files[0].path, ['type,size,percent', ...TYPE_BY_SIZE.map((row) => row.join(','))]);
  writeDatasetLines(files[1].path, ['min_years,max_years,percent', ...SPOUSE_AGE_GAPS.map((row) => row.join(','))]);
  writeDatasetLines(files[2].path, ['min_age,max_age,percent', ...CHILD_AGES.map((row) => row.join(','))]);
  writeDatasetLines(files[3].path, [
    'parameter,value,basis',
    ...SHARES.map(([parameter, value, basis]) => `${parameter},${value},"${basis}"`),
  ]);
  return {
    folder: FOLDER,
    title: 'US households by type and size, spouses age gaps, ages of children at home, household shares',
    publisher:
      'US Census Bureau (American Community Survey; Current Population Survey, America Families and Living Arrangements); Pew Research Center',
    url: 'https://data.census.gov/table/ACSDT5Y2022.B11016 (B11016, United States); https://data.census.gov/table/ACSST5Y2022.S1101; https://www.census.gov/data/tables/2022/demo/families/cps-2022.html (tables FG3, C2); https://www.pewresearch.org/short-reads/2023/09/07/about-8-in-10-women-in-opposite-sex-marriages-say-they-took-their-husbands-last-name/',
    edition: 'ACS 2018-2022 5-year estimates; CPS ASEC 2022; Pew Research Center survey of 2022, published 2023',
    licence: 'Public domain (US government work) for the Census figures; the Pew figure is a cited fact',
    attribution: 'Source: US Census Bureau; Pew Research Center. No attribution required.',
    package: 'none (not on the registry): transcribed in pipeline/vendor/acs-households.ts',
    pathInPackage: 'none',
    changes:
      'B11016 counts written as per cent of all households; 7+ is the table own top bin. Age gaps and child ages are the CPS tables bins. Transcribed without access to the publisher (not reachable here), so approximate: about 0.3 point for B11016, about 1 point for the other tables; check them against the tables named before a release.',
    notes: [
      'The shares of household-shares.csv are ratios of the figures named in its basis column; relative_shares_surname is a model choice, not a measured figure.',
    ],
    files,
  };
}
