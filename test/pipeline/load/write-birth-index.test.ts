import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indexFirstNames, writeBirthIndex } from '../../../pipeline/load/write-birth-index.js';
import { transformFirstNames } from '../../../pipeline/sources/first-names/transform.js';
import { extractFirstNames } from '../../../pipeline/sources/first-names/extract.js';
import { validateFirstNames } from '../../../pipeline/sources/first-names/validate.js';
import { BirthIndex } from '../../../src/data-index/birth-index.js';
import { BirthDates } from '../../../src/fields/birth-dates.js';
import { UssynthError } from '../../../src/errors.js';
import { streamKey } from '../../../src/random/stream-key.js';

const datasets = new URL('../../../datasets', import.meta.url).pathname;
const shipped = readFileSync(new URL('../../../dist-data/ussynth-births.idx', import.meta.url));
const index = readFileSync(new URL('../../../dist-data/ussynth.idx', import.meta.url));

describe('the birth index', () => {
  it('is what the build writes from the datasets and the shipped index', () => {
    expect(Buffer.from(writeBirthIndex(validateFirstNames(extractFirstNames(datasets)), index)).equals(shipped)).toBe(
      true,
    );
  });

  it("takes the index's first names in the order of the transformed first names (what the build's measure worker builds it for before the index exists)", () => {
    const records = transformFirstNames(validateFirstNames(extractFirstNames(datasets)));
    expect(indexFirstNames(index)).toEqual({
      female: records.filter((n) => n.sex === 'F').map((n) => n.name),
      male: records.filter((n) => n.sex === 'M').map((n) => n.name),
    });
  });

  it('holds 17 five-year cohorts from 1922, ages as of 2022, no one under 18', () => {
    const births = BirthIndex.fromBytes(shipped);
    expect([births.firstYear, births.cohortYears, births.cohortCount, births.referenceYear]).toEqual([
      1922, 5, 17, 2022,
    ]);
    for (const years of births.yearWeights) {
      expect(years.slice(2005 - 1922).every((people) => people === 0)).toBe(true);
      expect(years.slice(0, 2005 - 1922).every((people) => people > 0)).toBe(true);
    }
  });

  it('is refused for other first names than the index has, and when damaged', () => {
    const births = BirthIndex.fromBytes(shipped);
    const key = streamKey('1');
    expect(() => new BirthDates(births, key, ['Mary'], ['James'])).toThrow(UssynthError);
    expect(() => BirthIndex.fromBytes(shipped.subarray(0, shipped.length - 100))).toThrow(/Invalid ussynth/);
  });
});
