import { pathToFileURL } from 'node:url';
import { packageFile, scratchInstall } from './scratch-install.js';
import type { SourceInfo } from './source-info.js';
import { byCodeUnit } from '../../src/code-unit-order.js';
import { writeDatasetLines } from './write-dataset-file.js';

const PACKAGE = '@faker-js/faker';
const VERSION = '10.6.0';
/** Locale data lives in hashed chunks; the package index re-exports the plain definitions as `en` / `en_US`. */
const PATH_IN_PACKAGE = 'dist/index.js';
const LOCALES = ['en', 'en_US'] as const;

function streetNames(module: Record<string, unknown>, locale: string): string[] {
  const definition = module[locale] as { location?: { street_name?: unknown } } | undefined;
  const list = definition?.location?.street_name;
  if (!Array.isArray(list) || !list.every((s): s is string => typeof s === 'string')) {
    throw new Error(`faker ${locale}: location.street_name is not a string array`);
  }
  return list;
}

/** faker-js street-name word lists of the en and en_US locales. */
export async function vendorFakerStreetNames(): Promise<SourceInfo> {
  const root = await scratchInstall(PACKAGE, VERSION);
  const module = (await import(pathToFileURL(packageFile(root, PACKAGE, PATH_IN_PACKAGE)).href)) as Record<
    string,
    unknown
  >;
  const files = [];
  const counts: string[] = [];
  for (const locale of LOCALES) {
    const raw = streetNames(module, locale);
    const names = [...new Set(raw)].sort(byCodeUnit);
    counts.push(`${locale}: ${raw.length} in source, ${names.length} after dedupe`);
    files.push({ path: writeDatasetLines(`faker-street-names/${locale}.txt`, names), rows: names.length });
  }
  return {
    folder: 'faker-street-names',
    title: 'faker-js street names (en, en_US)',
    publisher: 'Faker (faker-js) contributors',
    url: 'https://github.com/faker-js/faker (src/locales/en/location/street_name.ts, src/locales/en_US/location/street_name.ts)',
    edition: `${PACKAGE}@${VERSION}`,
    licence: 'MIT',
    attribution: 'Copyright (c) 2022-2025 Faker (https://github.com/faker-js/faker). MIT licence.',
    package: `npm ${PACKAGE}@${VERSION}`,
    pathInPackage: `${PATH_IN_PACKAGE} exports \`en\` and \`en_US\` (LocaleDefinition), field location.street_name`,
    changes: `One name per line, deduplicated and sorted by code point. ${counts.join('; ')}.`,
    files,
  };
}
