import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MeasureJob } from '../../../pipeline/load/measure-job.js';

const empty = mkdtempSync(join(tmpdir(), 'ussynth-measure-job-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

describe('MeasureJob', () => {
  it("reports the worker's failure as an error naming it, instead of waiting for ever", () => {
    // A datasets folder without the first names: the worker's read fails.
    const job = new MeasureJob(empty);
    job.start({
      data: { stateGroupShares: [], houseNumberLeads: [], streetNames: [], streetForms: [], surnames: [], surnameGroups: [], firstNames: [], zips: [] },
      index: new Uint8Array(0),
      compilation: { apostrophes: { listedPlaces: 0, zipsRepaired: 0, zipsMissing: 0 }, adults: { female: 0, male: 0, aged72Plus: 0 }, mostlyHispanicSurnames: [], mostlyAsianSurnames: [], surnameGroupSets: { hispanicHead: [], hispanicTail: [], asianHead: [], asianTail: [] } },
    });
    expect(() => job.result()).toThrow(/the measure worker failed: .*first-names/s);
  });
});
