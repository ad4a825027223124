import type { MergedSurnameFit } from '../sources/surnames/census-2010.js';
import type { SurnameModelFit } from '../sources/surnames/transform.js';

/** Sources whose licences require attribution, and the text to show. */
export const ATTRIBUTIONS = [
  {
    source: 'GeoNames US postal codes',
    licence: 'CC BY 4.0',
    text: 'Contains GeoNames data (https://www.geonames.org/), licensed under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/).',
  },
  {
    source: 'SimpleMaps US ZIP Codes Database, free edition 2024',
    licence: 'CC BY 4.0',
    text: 'Contains data from the SimpleMaps US ZIP Codes Database (https://simplemaps.com/data/us-zips), licensed under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/).',
  },
  {
    source: 'libphonenumber geocoding and metadata',
    licence: 'Apache-2.0',
    text: 'Area-code data derived from Google libphonenumber (https://github.com/google/libphonenumber), licensed under the Apache License 2.0.',
  },
] as const;

/** Sources in the public domain or under permissive licences that need no attribution text. */
export const OTHER_SOURCES = [
  {
    source: 'SSA baby names (first names by sex, births 1922-2004 by birth cohort)',
    licence: 'public domain (US government work)',
  },
  {
    source: 'US population by single year of age and sex, 2022 (Census Bureau)',
    licence: 'public domain (US government work)',
  },
  { source: "NANPA's area-code overlays (transcribed)", licence: 'facts of numbering administration' },
  { source: '1990 Census surname list', licence: 'public domain (US government work)' },
  { source: 'Census 2010 surname file (ranks 1-1,022)', licence: 'public domain (US government work)' },
  { source: 'Census 2020 redistricting data, table P2 by state', licence: 'public domain (US government work)' },
  { source: 'OpenAddresses addresses via rrad', licence: 'see datasets/SOURCES.md' },
  { source: 'faker-js and python faker street/surname lists', licence: 'MIT' },
  { source: 'USPS Publication 28 suffixes via street-types', licence: 'MIT' },
  { source: 'IRS EIN campus prefixes via validator.js', licence: 'MIT' },
  { source: 'Debian iso-codes (ISO 3166-2:US names)', licence: 'LGPL-2.1+' },
] as const;

/** The SQLite file's metadata rows. */
export function buildMetadata(
  datasetVersion: string,
  surnameFit: SurnameModelFit,
  merged: MergedSurnameFit,
): Record<string, string> {
  return {
    dataset_version: datasetVersion,
    built_by: 'npm run data:build',
    description:
      'ussynth reference data: US ZIPs, cities, states, area codes, names, street model and EIN prefixes for generating synthetic test data. Not real addresses or people.',
    attribution: ATTRIBUTIONS.map((a) => a.text).join('\n'),
    licences: JSON.stringify([...ATTRIBUTIONS.map(({ source, licence }) => ({ source, licence })), ...OTHER_SOURCES]),
    surname_model: JSON.stringify({
      model:
        'ranks 1..headNames: the Census 2010 surname file, each at its 2010 share (Smith 828.19 per 100,000); beyond: the 1990 names the head lacks, in 1990 order, at share(headNames) * (rank / headNames)^-tailExponent, summing with the head to 100,000 per 100,000',
      ...merged,
      order1990: {
        model:
          'the 1990 list ordered by its rank model (python faker top-1000 curve scaled so rank 1 = 1.006 %, then a power law covering 90.483 %); used for the order of the tail and for the surname street names',
        ...surnameFit,
      },
    }),
    zip_type_note:
      'zip_type is approximated: standard = a ZCTA in SimpleMaps; po_box_or_unique = in GeoNames but not a ZCTA; military = APO/FPO prefix 090-098, 340, 962-966.',
  };
}
