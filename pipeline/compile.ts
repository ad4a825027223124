import type { CompiledData } from './model.js';
import type { SourceReport } from './source-report.js';
import type { StageClock } from './stage-times.js';
import { DATASET_VERSION } from './dataset-version.js';
import { extractAreaCodes } from './sources/area-codes/extract.js';
import { transformAreaCodes } from './sources/area-codes/transform.js';
import { validateAreaCodes } from './sources/area-codes/validate.js';
import { extractEinPrefixes } from './sources/ein-prefixes/extract.js';
import { transformEinPrefixes } from './sources/ein-prefixes/transform.js';
import { validateEinPrefixes } from './sources/ein-prefixes/validate.js';
import { compileFirstNames, type CompiledFirstNames } from './sources/first-names/compiled.js';
import { extractGeonames } from './sources/geonames/extract.js';
import { transformGeonames } from './sources/geonames/transform.js';
import { validateGeonames } from './sources/geonames/validate.js';
import { extractSimplemaps } from './sources/simplemaps/extract.js';
import { transformSimplemaps } from './sources/simplemaps/transform.js';
import { validateSimplemaps } from './sources/simplemaps/validate.js';
import { simplemapsDensity } from './sources/simplemaps/density.js';
import { extractCounties } from './sources/counties/extract.js';
import type { GeoSources } from './load/write-geo.js';
import { extractStates } from './sources/states/extract.js';
import { transformStates } from './sources/states/transform.js';
import { validateStates } from './sources/states/validate.js';
import { extractStreets } from './sources/streets/extract.js';
import { transformStreets } from './sources/streets/transform.js';
import { validateStreets } from './sources/streets/validate.js';
import { extractP2, stateGroupShares, validateP2 } from './sources/race-by-state/census-2020-p2.js';
import { SURNAME_GROUPS, surnameGroupTables, surnameHeadWeights } from './sources/surnames/census-2010.js';
import { compileSurnames, type CompiledSurnames } from './sources/surnames/compiled.js';
import { joinZips } from './transform/join-zips.js';
import { apostrophePlaces, withPlaceApostrophes, zipsMissingApostrophes } from './transform/place-apostrophes.js';
import { buildMetadata } from './transform/metadata.js';
import { zipPhonePlaces } from './transform/phone-locality.js';
import { compilePhonePlaces } from './transform/phone-places.js';
import { withInServiceWeights } from './transform/area-code-shares.js';
import { residentialWeights } from './transform/residential.js';
import { titleCase } from './spelling/title-case.js';
import { zipUnitShares } from './transform/unit-shares.js';

/**
 * The 2010 head's first 350 names (down to Walters, 30.3 per 100,000):
 * the manifest measures the names over 80 % Hispanic and Asian among them
 * (the head) and beyond them (the tail) separately. Every one of the 1,022
 * names with figures follows the state's mix.
 */
export const SURNAME_MEASURE_HEAD = 350;

/** How many of the commonest surnames over 80 % Hispanic the realism measure follows (issue 25: 54 names, 5.96 % of people in 2010). */
export const MOSTLY_HISPANIC_MEASURED = 54;

/** What the extract, validate and transform stages produce. */
export interface Compilation {
  data: CompiledData;
  reports: SourceReport[];
  /** County polygons and densities for the geo index (built after the main index, whose ZIP order it follows). */
  geo: GeoSources;
  /** Place names given their apostrophe from libphonenumber's place list (issue 25): places listed, ZIPs repaired, ZIPs still without it. */
  apostrophes: { listedPlaces: number; zipsRepaired: number; zipsMissing: number };
  /** Adults (18+) of the population table by sex, and those aged 72+ (76+ in 2026): what the first names are held against. */
  adults: { female: number; male: number; aged72Plus: number };
  /** The {@link MOSTLY_HISPANIC_MEASURED} commonest surnames of the 2010 head over 80 % Hispanic (title-cased): the measure of the states' name mixes. */
  mostlyHispanicSurnames: string[];
  /** The 2010 head's surnames over 80 % Asian or Pacific Islander (title-cased): Hawaii against North Dakota. */
  mostlyAsianSurnames: string[];
  /** SN columns of the 2010 names over 80 % Hispanic and over 80 % Asian, in the first {@link SURNAME_MEASURE_HEAD} (head) and beyond (tail): the state measures of issue 33. */
  surnameGroupSets: Record<'hispanicHead' | 'hispanicTail' | 'asianHead' | 'asianTail', number[]>;
}

/** How compile() runs: where its stages are timed, and where the surnames and first names come from. */
export interface CompileOptions {
  /** Marks the end of each stage (bench:data). */
  clock?: StageClock;
  /** The surnames compiled elsewhere (the build's measure worker, while this thread compiles the rest); asked for once, after the ZIPs and phone places. Default: compiled here. */
  surnames?: () => CompiledSurnames;
  /** The first names, the same way; asked for once, after the surnames and every other source. */
  firstNames?: () => CompiledFirstNames;
}

/**
 * Runs extract, validate and transform for every source in `datasetsDir`
 * and joins them; besides datasets/ it reads only the us-atlas county
 * boundaries (a dev dependency pinned by the lock file), and uses no network.
 */
export function compile(
  datasetsDir: string,
  { clock, surnames: compiledSurnames, firstNames: compiledFirstNames }: CompileOptions = {},
): Compilation {
  const states = validateStates(extractStates(datasetsDir));
  const stateList = transformStates(states);
  const codes = new Set(stateList.map((s) => s.code));
  clock?.mark('compile: states');

  const geonames = validateGeonames(extractGeonames(datasetsDir), codes);
  const simplemapsRows = extractSimplemaps(datasetsDir);
  const simplemaps = validateSimplemaps(simplemapsRows, codes);
  const joined = joinZips(
    transformGeonames(geonames.zips, geonames.report),
    geonames.report,
    transformSimplemaps(simplemaps.zips, simplemaps.report),
    simplemaps.report,
  );
  clock?.mark('compile: ZIPs (GeoNames, SimpleMaps)');

  const areaCodes = validateAreaCodes(extractAreaCodes(datasetsDir));
  const placeList = apostrophePlaces(areaCodes.geocoding, codes);
  const zips = withPlaceApostrophes(joined, placeList, geonames.report);
  const apostrophes = {
    listedPlaces: placeList.size,
    zipsRepaired: zipsMissingApostrophes(joined, placeList).length,
    zipsMissing: zipsMissingApostrophes(zips, placeList).length,
  };
  clock?.mark('compile: area codes, apostrophes');
  const p2 = validateP2(extractP2(datasetsDir));
  const groupShares = stateGroupShares(p2.states, stateList);
  const streets = validateStreets(extractStreets(datasetsDir));
  const einPrefixes = validateEinPrefixes(extractEinPrefixes(datasetsDir));
  clock?.mark('compile: race, streets, EIN prefixes');

  // Each code weighs its exchanges in service (estimated from the overlays' in-service months), not its geocoding entries.
  const areaCodeList = withInServiceWeights(
    transformAreaCodes(areaCodes.geocoding, areaCodes.codes, stateList, areaCodes.reports),
    areaCodes.overlays,
  );
  const phonePlaces = compilePhonePlaces(areaCodes.geocoding, areaCodeList, zips, codes, areaCodes.overlays);
  clock?.mark('compile: phone places');

  const surnames = compiledSurnames?.() ?? compileSurnames(datasetsDir);
  const { surnames1990, merged } = surnames;
  clock?.mark('compile: surnames');
  // Streets named after people carry the older names: the 1990 list's order.
  const streetModel = transformStreets(streets, surnames1990);
  const unitShares = zipUnitShares(zips, residentialWeights({ zips }), streetModel.streetForms);
  clock?.mark('compile: street model, unit shares');
  const zipPlaces = zipPhonePlaces(zips, residentialWeights({ zips }), phonePlaces.places);
  clock?.mark('compile: ZIP phone places');
  const firstNames = compiledFirstNames?.() ?? compileFirstNames(datasetsDir).compiled;
  clock?.mark('compile: first names');
  const data: CompiledData = {
    datasetVersion: DATASET_VERSION,
    states: stateList,
    zips,
    areaCodes: areaCodeList,
    firstNames: firstNames.records,
    surnames: merged.surnames,
    surnameGroups: surnameGroupTables(surnames.census2010, groupShares.national),
    surnameHeadWeights: surnameHeadWeights(surnames.census2010),
    stateGroupShares: groupShares.states,
    ...streetModel,
    zipUnitShares: unitShares,
    einPrefixes: transformEinPrefixes(einPrefixes.prefixes),
    phonePlaces: phonePlaces.places,
    phoneExchanges: phonePlaces.exchanges,
    areaCodeOverlays: phonePlaces.overlays,
    zipPhonePlaces: zipPlaces,
    metadata: buildMetadata(DATASET_VERSION, surnames.fit, merged.fit),
  };
  const adultAges = (counts: number[], from = 18) => counts.slice(from).reduce((a, b) => a + b, 0);
  const adults = {
    female: adultAges(firstNames.population.F),
    male: adultAges(firstNames.population.M),
    aged72Plus: adultAges(firstNames.population.F, 72) + adultAges(firstNames.population.M, 72),
  };
  const hispanicColumn = SURNAME_GROUPS.indexOf('hispanic');
  // Issue 25's measure: the 54 commonest names over 80 % Hispanic (down to Valdez, rank 244), 5.96 % of people in 2010.
  const mostlyHispanicSurnames = surnames.census2010
    .filter((s) => (s.percent[hispanicColumn] ?? 0) > 80)
    .slice(0, MOSTLY_HISPANIC_MEASURED)
    .map((s) => titleCase(s.name));
  const apiColumn = SURNAME_GROUPS.indexOf('api');
  const mostlyAsianSurnames = surnames.census2010
    .filter((s) => (s.percent[apiColumn] ?? 0) > 80)
    .map((s) => titleCase(s.name));
  const columnsOver80 = (column: number, head: boolean): number[] =>
    surnames.census2010.flatMap((s, i) =>
      (s.percent[column] ?? 0) > 80 && i < SURNAME_MEASURE_HEAD === head ? [i] : [],
    );
  const surnameGroupSets = {
    hispanicHead: columnsOver80(hispanicColumn, true),
    hispanicTail: columnsOver80(hispanicColumn, false),
    asianHead: columnsOver80(apiColumn, true),
    asianTail: columnsOver80(apiColumn, false),
  };
  const geo = { counties: extractCounties(), density: simplemapsDensity(simplemapsRows) };
  clock?.mark('compile: counties, manifest figures');
  return {
    data,
    geo,
    apostrophes,
    adults,
    mostlyHispanicSurnames,
    mostlyAsianSurnames,
    surnameGroupSets,
    reports: [
      ...states.reports,
      geonames.report,
      simplemaps.report,
      ...areaCodes.reports,
      ...firstNames.reports,
      ...surnames.reports,
      p2.report,
      ...streets.reports,
      einPrefixes.report,
      phonePlaces.report,
    ],
  };
}
