import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { byCodeUnit } from '../../src/code-unit-order.js';
import { compile, type Compilation } from '../compile.js';
import { phoneLocality } from '../transform/phone-locality.js';
import { areaCodeShareReport } from '../transform/area-code-shares.js';
import { residentialWeights } from '../transform/residential.js';
import { MeasureJob } from './measure-job.js';
import { buildGeo } from './write-geo.js';
import { writeCompanies } from './write-companies.js';
import { householdData } from './write-households.js';
import { writeIndex } from './write-index.js';
import { writeJobTitles } from './write-job-titles.js';
import { writeSqlite } from './write-sqlite.js';
import { sha256Hex } from '../sha256-hex.js';
import type { StageClock } from '../stage-times.js';

/** File names of the outputs in dist-data/. */
export const OUTPUT_FILES = {
  sqlite: 'ussynth.sqlite',
  index: 'ussynth.idx',
  geoIndex: 'ussynth-geo.idx',
  births: 'ussynth-births.idx',
  companies: 'ussynth-companies.json',
  households: 'ussynth-households.json',
  jobTitles: 'ussynth-titles.json',
  manifest: 'manifest.json',
} as const;

/** Every file below a folder, relative, in code-point order. */
export function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? listFiles(join(dir, entry.name), base) : [relative(base, join(dir, entry.name))],
    )
    .sort(byCodeUnit);
}

/**
 * The data build: compiles `datasetsDir` and writes the SQLite file, the
 * indexes and the manifest into `outDir`, each to a temporary name and
 * renamed, so a failed build leaves the previous outputs whole. The
 * surnames and the first names are compiled on the measure worker while this
 * thread compiles the other sources; the realism measures and the birth
 * index run there too while this thread writes SQLite and the geo index.
 * @example compileAndWrite(DATASETS_DIR, 'dist-data')
 */
export function compileAndWrite(datasetsDir: string, outDir: string, clock?: StageClock): Record<string, unknown> {
  mkdirSync(outDir, { recursive: true });
  const measures = new MeasureJob(datasetsDir);
  try {
    const compilation = compile(datasetsDir, {
      clock,
      surnames: () => measures.surnames(),
      firstNames: () => measures.firstNames(),
    });
    return writeWithMeasures(compilation, datasetsDir, outDir, measures, clock);
  } finally {
    measures.close();
  }
}

function writeWithMeasures(
  compilation: Compilation,
  datasetsDir: string,
  outDir: string,
  measures: MeasureJob,
  clock?: StageClock,
): Record<string, unknown> {
  const { data, reports } = compilation;
  const index = writeIndex(data);
  const indexTemp = join(outDir, `.${OUTPUT_FILES.index}.tmp`);
  writeFileSync(indexTemp, index);
  clock?.mark('main index');
  const { apostrophes, adults, mostlyHispanicSurnames, mostlyAsianSurnames, surnameGroupSets } = compilation;
  const { stateGroupShares, houseNumberLeads, streetNames, streetForms, surnames, surnameGroups, firstNames } = data;
  measures.start({
    data: {
      stateGroupShares,
      houseNumberLeads,
      streetNames,
      streetForms,
      surnames,
      surnameGroups,
      firstNames,
      zips: data.zips.map(({ zip, density }) => ({ zip, density })),
    },
    index,
    compilation: { apostrophes, adults, mostlyHispanicSurnames, mostlyAsianSurnames, surnameGroupSets },
  });
  const sqliteTemp = join(outDir, `.${OUTPUT_FILES.sqlite}.tmp`);
  rmSync(sqliteTemp, { force: true });
  writeSqlite(data, sqliteTemp);
  const sqlite = readFileSync(sqliteTemp);
  clock?.mark('SQLite');
  const geo = buildGeo(data, compilation.geo, index);
  const geoTemp = join(outDir, `.${OUTPUT_FILES.geoIndex}.tmp`);
  writeFileSync(geoTemp, geo.bytes);
  clock?.mark('geo index and fidelity');
  const locality = phoneLocality(data);
  const areaCodeShares = areaCodeShareReport(data);
  clock?.mark('phone locality, area-code shares');
  const measured = measures.result();
  clock?.mark('waiting for the measure worker');
  clock?.beside.push(...measured.stages);
  // The birth index depends on the first names only; it is not in the manifest's outputs (birthDate's data, docs/generator.md).
  const birthsTemp = join(outDir, `.${OUTPUT_FILES.births}.tmp`);
  writeFileSync(birthsTemp, measured.births);
  // The companies' tables (NAICS, Census firm figures, the name model): docs/related-records.md, "Companies".
  const companies = writeCompanies(datasetsDir, data.datasetVersion);
  const companiesTemp = join(outDir, `.${OUTPUT_FILES.companies}.tmp`);
  writeFileSync(companiesTemp, companies);
  const households = householdData(datasetsDir);
  const householdsTemp = join(outDir, `.${OUTPUT_FILES.households}.tmp`);
  writeFileSync(householdsTemp, households);

  const jobTitles = writeJobTitles(datasetsDir, data.datasetVersion);
  const jobTitlesTemp = join(outDir, `.${OUTPUT_FILES.jobTitles}.tmp`);
  writeFileSync(jobTitlesTemp, jobTitles);

  const inputs = Object.fromEntries(
    listFiles(datasetsDir).map((file) => [file, sha256Hex(readFileSync(join(datasetsDir, file)))]),
  );
  const manifest = {
    generatedBy: 'npm run data:build',
    datasetVersion: data.datasetVersion,
    counts: {
      states: data.states.length,
      zips: data.zips.length,
      residentialZips: residentialWeights(data).size,
      areaCodes: data.areaCodes.length,
      firstNames: data.firstNames.length,
      surnames: data.surnames.length,
      streetNames: data.streetNames.length,
      streetSuffixes: data.streetSuffixes.length,
      einPrefixes: new Set(data.einPrefixes.map((p) => p.prefix)).size,
      phonePlaces: data.phonePlaces.length,
      // Rows of the SQLite table; the exchanges overlay codes take from the codes they overlay are in the index only.
      phoneExchanges: data.phoneExchanges.filter((e) => e.viaOverlay === undefined).length,
      overlayExchanges: data.phoneExchanges.filter((e) => e.viaOverlay !== undefined).length,
      zipPhonePlaces: data.zipPhonePlaces.length,
    },
    phoneLocality: locality,
    areaCodeShares,
    realism: measured.realism,
    geo: geo.manifest,
    sources: reports.map((r) => r.toJSON()),
    inputs,
    outputs: {
      [OUTPUT_FILES.sqlite]: { bytes: sqlite.length, sha256: sha256Hex(sqlite) },
      [OUTPUT_FILES.index]: { bytes: index.length, sha256: sha256Hex(index) },
      [OUTPUT_FILES.geoIndex]: { bytes: geo.bytes.length, sha256: sha256Hex(geo.bytes) },
      [OUTPUT_FILES.companies]: { bytes: companies.length, sha256: sha256Hex(companies) },
      [OUTPUT_FILES.households]: { bytes: households.length, sha256: sha256Hex(households) },
      [OUTPUT_FILES.jobTitles]: { bytes: jobTitles.length, sha256: sha256Hex(jobTitles) },
    },
  };
  const manifestTemp = join(outDir, `.${OUTPUT_FILES.manifest}.tmp`);
  writeFileSync(manifestTemp, JSON.stringify(manifest, null, 2) + '\n');
  renameSync(sqliteTemp, join(outDir, OUTPUT_FILES.sqlite));
  renameSync(indexTemp, join(outDir, OUTPUT_FILES.index));
  renameSync(geoTemp, join(outDir, OUTPUT_FILES.geoIndex));
  renameSync(birthsTemp, join(outDir, OUTPUT_FILES.births));
  renameSync(companiesTemp, join(outDir, OUTPUT_FILES.companies));
  renameSync(householdsTemp, join(outDir, OUTPUT_FILES.households));
  renameSync(jobTitlesTemp, join(outDir, OUTPUT_FILES.jobTitles));
  renameSync(manifestTemp, join(outDir, OUTPUT_FILES.manifest));
  clock?.mark('manifest');
  return manifest;
}
