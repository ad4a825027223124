import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MeasureJob } from '../../../pipeline/load/measure-job.js';
import { DATASETS_DIR } from '../../../pipeline/main.js';
import { SourceError } from '../../../pipeline/source-error.js';
import { SourceReport } from '../../../pipeline/source-report.js';
import { compileFirstNames } from '../../../pipeline/sources/first-names/compiled.js';
import { CENSUS_2010_FILE } from '../../../pipeline/sources/surnames/census-2010.js';
import { compileSurnames } from '../../../pipeline/sources/surnames/compiled.js';
import { ANCHOR_FILE, SURNAMES_FILE } from '../../../pipeline/sources/surnames/extract.js';
import {
  COHORT_BIRTHS_FILE,
  FIRST_NAMES_FILE,
  POPULATION_FILE,
} from '../../../pipeline/sources/first-names/extract.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-measure-job-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const emptyInput = {
  data: {
    stateGroupShares: [],
    houseNumberLeads: [],
    streetNames: [],
    streetForms: [],
    surnames: [],
    surnameGroups: [],
    firstNames: [],
    zips: [],
  },
  index: new Uint8Array(0),
  compilation: {
    apostrophes: { listedPlaces: 0, zipsRepaired: 0, zipsMissing: 0 },
    adults: { female: 0, male: 0, aged72Plus: 0 },
    mostlyHispanicSurnames: [],
    mostlyAsianSurnames: [],
    surnameGroupSets: { hispanicHead: [], hispanicTail: [], asianHead: [], asianTail: [] },
  },
};

describe('MeasureJob', () => {
  it("reports the worker's failure as an error naming it, instead of waiting for ever", () => {
    // An empty datasets folder: the worker's first read (the surnames) fails.
    const empty = join(scratch, 'empty');
    mkdirSync(empty);
    const job = new MeasureJob(empty);
    job.start(emptyInput);
    expect(() => job.result()).toThrow(/the measure worker failed: .*census-1990-surnames/s);
  });

  it('gives the surnames and the first names as compiling them on this thread does, reports as SourceReports', () => {
    const job = new MeasureJob(DATASETS_DIR);
    try {
      const surnames = job.surnames();
      const { reports, ...rest } = compileSurnames(DATASETS_DIR);
      expect({ ...surnames, reports: [] }).toEqual({ ...rest, reports: [] });
      expect(surnames.reports.every((report) => report instanceof SourceReport)).toBe(true);
      expect(surnames.reports.map((report) => report.toJSON())).toEqual(reports.map((report) => report.toJSON()));
      const fromWorker = job.firstNames();
      const here = compileFirstNames(DATASETS_DIR).compiled;
      expect(fromWorker.records).toEqual(here.records);
      expect(fromWorker.population).toEqual(here.population);
      expect(fromWorker.reports.every((report) => report instanceof SourceReport)).toBe(true);
      expect(fromWorker.reports.map((report) => report.toJSON())).toEqual(
        here.reports.map((report) => report.toJSON()),
      );
      expect(fromWorker.reports.map((report) => report.rowsOut)).toEqual(here.reports.map((report) => report.rowsOut));
    } finally {
      job.close();
    }
  });

  it("throws a bad first-name row's SourceError on the main thread, with its file and line", () => {
    const bad = join(scratch, 'bad');
    for (const file of [COHORT_BIRTHS_FILE, POPULATION_FILE, SURNAMES_FILE, ANCHOR_FILE, CENSUS_2010_FILE])
      cpSync(join(DATASETS_DIR, file), join(bad, file));
    mkdirSync(join(bad, 'ssa-baby-names'), { recursive: true });
    writeFileSync(join(bad, FIRST_NAMES_FILE), 'name,sex,cohort,births\naaron,M,1977,12\nAbby,F,1977,3\n');
    const job = new MeasureJob(bad);
    try {
      const thrown = (() => {
        try {
          job.surnames();
          job.firstNames();
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(thrown).toBeInstanceOf(SourceError);
      expect(thrown).toMatchObject({
        file: FIRST_NAMES_FILE,
        line: 3,
        message: expect.stringContaining('name must be lower-case letters'),
      });
    } finally {
      job.close();
    }
  });
});
