import { csvRow } from './csv-field.js';
import type { SourceInfo } from './source-info.js';
import { writeDatasetLines } from './write-dataset-file.js';

/**
 * Establishments by NAICS sector, United States, County Business Patterns
 * 2021 (rounded to the nearest thousand; sector 99, unclassified, left out).
 * Transcribed: no registry package carries the table.
 */
const CBP_2021_SECTORS: ReadonlyArray<readonly [sector: string, establishments: number]> = [
  ['11', 22_000],
  ['21', 19_000],
  ['22', 18_000],
  ['23', 797_000],
  ['31-33', 250_000],
  ['42', 404_000],
  ['44-45', 1_053_000],
  ['48-49', 258_000],
  ['51', 164_000],
  ['52', 478_000],
  ['53', 409_000],
  ['54', 962_000],
  ['55', 55_000],
  ['56', 427_000],
  ['61', 100_000],
  ['62', 928_000],
  ['71', 141_000],
  ['72', 712_000],
  ['81', 713_000],
];

/** Employer firms by employment size, United States, Statistics of US Businesses 2021 (rounded to the nearest thousand). */
const SUSB_2021_SIZES: ReadonlyArray<readonly [min: number, max: number, firms: number]> = [
  [1, 4, 3_756_000],
  [5, 9, 985_000],
  [10, 19, 630_000],
  [20, 99, 560_000],
  [100, 499, 97_000],
  [500, 20_000, 21_000],
];

/**
 * Share of companies incorporated in Delaware by headcount: the last row
 * is the public figure (68.2 % of the Fortune 500, Delaware Division of
 * Corporations, 2022 Annual Report); the rows below it are this project's
 * model of a share rising with size from a small firm's few percent.
 */
const DELAWARE_SHARES: ReadonlyArray<readonly [minEmployees: number, share: string, basis: string]> = [
  [1, '0.01', 'model'],
  [5, '0.02', 'model'],
  [10, '0.03', 'model'],
  [20, '0.06', 'model'],
  [100, '0.15', 'model'],
  [500, '0.35', 'model'],
  [5000, '0.682', 'Delaware Division of Corporations 2022 Annual Report: 68.2% of the Fortune 500'],
];

/** Legal forms and their shares in names: `general` for most industries, `profession` for licensed professions. */
const LEGAL_FORMS: ReadonlyArray<readonly [group: string, form: string, share: string]> = [
  ['general', '', '0.12'],
  ['general', 'Co.', '0.04'],
  ['general', 'Corp.', '0.06'],
  ['general', 'Inc.', '0.30'],
  ['general', 'LLC', '0.46'],
  ['general', 'Ltd.', '0.02'],
  ['profession', 'Inc.', '0.10'],
  ['profession', 'LLC', '0.20'],
  ['profession', 'LLP', '0.15'],
  ['profession', 'PC', '0.25'],
  ['profession', 'PLLC', '0.30'],
];

/**
 * Words of a business name by NAICS code prefix (a sector, or a longer
 * prefix that overrides it: the longest prefix of a code gives its words); `profession` 1 marks the licensed professions
 * (law, accounting, architecture and engineering, physicians, dentists,
 * other health practitioners, veterinarians) whose names may take LLP, PLLC or PC.
 */
const INDUSTRY_WORDS: ReadonlyArray<readonly [prefix: string, profession: 0 | 1, words: string]> = [
  ['11', 0, 'Timber|Forestry|Fisheries|Agricultural Services|Logging'],
  ['21', 0, 'Mining|Drilling|Energy|Resources|Quarry|Oilfield Services'],
  ['22', 0, 'Power|Energy|Utilities|Water|Gas'],
  ['23', 0, 'Construction|Contracting|Excavating|Site Work'],
  ['236', 0, 'Builders|Homes|Construction|Building Company'],
  ['238', 0, 'Roofing|Plumbing|Electric|Concrete|Painting|Heating and Air|Flooring'],
  ['31-33', 0, 'Manufacturing|Industries|Fabrication|Machine Works|Products|Tool and Die'],
  ['311', 0, 'Foods|Bakery|Provisions|Creamery'],
  ['42', 0, 'Supply|Distributors|Wholesale|Trading|Sales'],
  ['44-45', 0, 'Market|Store|Outfitters|Goods|Shop'],
  ['441', 0, 'Motors|Auto Sales|Auto Parts'],
  ['444', 0, 'Hardware|Home Center|Garden Center|Lumber'],
  ['445', 0, 'Market|Grocery|Foods|Deli'],
  ['446', 0, 'Pharmacy|Drug Store|Vision Center'],
  ['447', 0, 'Fuel Stop|Gas Station'],
  ['448', 0, 'Boutique|Apparel|Shoes|Jewelers'],
  ['48-49', 0, 'Logistics|Transport|Transportation'],
  ['484', 0, 'Trucking|Freight|Hauling'],
  ['492', 0, 'Courier|Delivery'],
  ['493', 0, 'Storage|Warehousing'],
  ['51', 0, 'Media|Publishing|Communications|Data|Studios'],
  ['5112', 0, 'Software|Software Systems'],
  ['52', 0, 'Financial|Capital|Finance'],
  ['522', 0, 'Lending|Credit|Mortgage'],
  ['523', 0, 'Capital|Wealth Management|Advisors|Investments'],
  ['524', 0, 'Insurance|Insurance Agency|Insurance Services'],
  ['53', 0, 'Realty|Properties|Real Estate|Rentals'],
  ['531', 0, 'Realty|Properties|Real Estate|Property Management'],
  ['532', 0, 'Rentals|Equipment Rental|Leasing'],
  ['54', 0, 'Associates|Consulting|Services|Research'],
  ['5411', 1, 'Law|Law Group|Legal|Attorneys'],
  ['5412', 1, 'Accounting|CPAs|Tax Services|Bookkeeping'],
  ['5413', 1, 'Architects|Engineering|Surveying|Design Group'],
  ['5414', 0, 'Design|Interiors|Design Studio'],
  ['5415', 0, 'Technologies|Software|IT Solutions|Systems'],
  ['5416', 0, 'Consulting|Advisors|Management Consulting'],
  ['5417', 0, 'Research|Labs|Sciences'],
  ['5418', 0, 'Marketing|Advertising|Media Group'],
  ['54194', 1, 'Veterinary Clinic|Animal Hospital|Pet Clinic'],
  ['55', 0, 'Holdings|Management|Group|Enterprises'],
  ['56', 0, 'Services|Staffing|Security|Solutions'],
  ['5617', 0, 'Cleaning|Landscaping|Pest Control|Janitorial'],
  ['562', 0, 'Waste Services|Disposal|Recycling'],
  ['61', 0, 'Academy|Learning Center|Tutoring|School|Training'],
  ['62', 0, 'Health|Care|Health Services'],
  ['621', 0, 'Health|Clinic|Home Care|Medical Labs'],
  ['6211', 1, 'Family Medicine|Medical Group|Physicians|Pediatrics'],
  ['6212', 1, 'Dental|Family Dentistry|Orthodontics|Dental Care'],
  ['6213', 1, 'Chiropractic|Physical Therapy|Optometry|Podiatry'],
  ['622', 0, 'Hospital|Medical Center|Regional Hospital'],
  ['623', 0, 'Care Center|Nursing Home|Senior Living'],
  ['624', 0, 'Family Services|Child Care|Community Services'],
  ['71', 0, 'Fitness|Recreation|Entertainment|Sports|Arts Center'],
  ['72', 0, 'Grill|Cafe|Kitchen|Diner|Bakery|Pizza|Catering'],
  ['721', 0, 'Inn|Motel|Lodge|Suites'],
  ['81', 0, 'Services|Repair'],
  ['811', 0, 'Auto Repair|Repair|Body Shop|Appliance Repair'],
  ['812', 0, 'Salon|Cleaners|Barbershop|Spa|Laundry|Funeral Home'],
  ['813', 0, 'Foundation|Association|Ministries|Society'],
];

const CENSUS_FILES = {
  sectors: 'census-company-figures/cbp-2021-establishments-by-sector.csv',
  sizes: 'census-company-figures/susb-2021-firms-by-size.csv',
} as const;

const MODEL_FILES = {
  delaware: 'company-name-model/delaware-share-by-size.csv',
  legalForms: 'company-name-model/legal-forms.csv',
  words: 'company-name-model/industry-words.csv',
} as const;

/** The Census figures companies are drawn by: establishments per sector (CBP 2021) and employer firms per size (SUSB 2021). */
export async function vendorCensusCompanyFigures(): Promise<SourceInfo> {
  const sectors = writeDatasetLines(CENSUS_FILES.sectors, [
    'sector,establishments',
    ...CBP_2021_SECTORS.map(([sector, n]) => csvRow([sector, String(n)])),
  ]);
  const sizes = writeDatasetLines(CENSUS_FILES.sizes, [
    'minEmployees,maxEmployees,firms',
    ...SUSB_2021_SIZES.map(([min, max, n]) => csvRow([String(min), String(max), String(n)])),
  ]);
  return {
    folder: 'census-company-figures',
    title: 'Establishments by NAICS sector (County Business Patterns 2021) and employer firms by size (SUSB 2021)',
    publisher: 'US Census Bureau',
    url:
      'https://www.census.gov/data/datasets/2021/econ/cbp/2021-cbp.html (CBP 2021, US, establishments by 2-digit NAICS); ' +
      'https://www.census.gov/data/tables/2021/econ/susb/2021-susb-annual.html (SUSB 2021, US, firms by employment size)',
    edition: 'CBP 2021 and SUSB 2021 (published 2023-2024)',
    licence: 'Public domain (US government work)',
    attribution:
      'Source: US Census Bureau, County Business Patterns and Statistics of US Businesses. No attribution required.',
    package: 'none (not on the registry): transcribed into pipeline/vendor/company-figures.ts',
    pathInPackage: 'none',
    changes:
      'Counts rounded to the nearest thousand; CBP sector 99 (unclassified) and SUSB firms with no employees in March left out; ' +
      'the open top size class (500+) is written as 500-20000, the range the generator draws from. ' +
      'Transcribed without access to the publisher (not reachable here): check the figures against the two tables before a release.',
    notes: [
      `Employer firms with fewer than 10 employees: ${share(SUSB_2021_SIZES, 10)} % of the firms listed (the published headline is about 78 %).`,
    ],
    files: [
      { path: sectors, rows: CBP_2021_SECTORS.length },
      { path: sizes, rows: SUSB_2021_SIZES.length },
    ],
  };
}

/** The name model (industry words, legal forms) and the Delaware incorporation shares by size. */
export async function vendorCompanyNameModel(): Promise<SourceInfo> {
  const delaware = writeDatasetLines(MODEL_FILES.delaware, [
    'minEmployees,share,basis',
    ...DELAWARE_SHARES.map(([min, share, basis]) => csvRow([String(min), share, basis])),
  ]);
  const legalForms = writeDatasetLines(MODEL_FILES.legalForms, [
    'group,form,share',
    ...LEGAL_FORMS.map((row) => csvRow(row)),
  ]);
  const words = writeDatasetLines(MODEL_FILES.words, [
    'prefix,profession,word',
    ...INDUSTRY_WORDS.flatMap(([prefix, profession, list]) =>
      list.split('|').map((word) => csvRow([prefix, String(profession), word])),
    ),
  ]);
  return {
    folder: 'company-name-model',
    title: "Company names and incorporation: industry words, legal forms' shares, Delaware share by size",
    publisher:
      'ussynth (this project); the Delaware share of large companies from the Delaware Division of Corporations',
    url: 'https://corpfiles.delaware.gov/Annual-Reports/Division-of-Corporations-2022-Annual-Report.pdf (68.2 % of the Fortune 500)',
    edition: 'ussynth model, 2026-12; Delaware Division of Corporations 2022 Annual Report',
    licence: "MIT (this project's own tables); the cited figure is a fact",
    attribution: 'Delaware Division of Corporations, 2022 Annual Report.',
    package: 'none: written by pipeline/vendor/company-figures.ts',
    pathInPackage: 'none',
    changes:
      'A model, not measured: words per NAICS prefix chosen for plausible names; legal forms with LLC the most common ' +
      '(the form most new US businesses choose) and LLP/PLLC/PC only for licensed professions; Delaware shares rising ' +
      'with headcount to the one published figure (68.2 % of the Fortune 500, used from 5,000 employees).',
    files: [
      { path: delaware, rows: DELAWARE_SHARES.length },
      { path: legalForms, rows: LEGAL_FORMS.length },
      { path: words, rows: INDUSTRY_WORDS.reduce((n, [, , list]) => n + list.split('|').length, 0) },
    ],
  };
}

function share(rows: typeof SUSB_2021_SIZES, below: number): string {
  const total = rows.reduce((n, [, , firms]) => n + firms, 0);
  const small = rows.filter(([, max]) => max < below).reduce((n, [, , firms]) => n + firms, 0);
  return ((100 * small) / total).toFixed(1);
}
