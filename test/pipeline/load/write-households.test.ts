import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { householdData } from '../../../pipeline/load/write-households.js';
import { DATASETS_DIR, DIST_DATA_DIR } from '../../../pipeline/main.js';
import { SourceError } from '../../../pipeline/source-error.js';
import { readHouseholdModel } from '../../../src/data-index/household-data.js';

describe('the household data file (datasets/acs-households -> dist-data/ussynth-households.json)', () => {
  it('is the committed file, byte for byte, keys sorted, and reads back as the model', () => {
    const built = householdData(DATASETS_DIR);
    expect(built.equals(readFileSync(join(DIST_DATA_DIR, 'ussynth-households.json')))).toBe(true);
    const json = JSON.parse(built.toString('utf8'));
    expect(Object.keys(json)).toEqual(['childAges', 'generatedBy', 'shares', 'spouseAgeGaps', 'typeBySize']);
    expect(json.generatedBy).toBe('npm run data:build');
    const model = readHouseholdModel(json);
    expect(model.typeBySize).toHaveLength(13);
    // B11016's top bin, 7+, is made as 7.
    expect(model.typeBySize.filter((cell) => cell.size === 7)).toHaveLength(2);
  });

  it('stops the build naming the file and line of a malformed number, and the rule a table breaks', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'ussynth-households-'));
    try {
      cpSync(join(DATASETS_DIR, 'acs-households'), join(scratch, 'acs-households'), { recursive: true });
      const sizes = join(scratch, 'acs-households', 'household-type-by-size.csv');
      const original = readFileSync(sizes, 'utf8');
      writeFileSync(sizes, original.replace('family,3,14.50', 'family,3,14,5'));
      expect(() => householdData(scratch)).toThrow(/household-type-by-size\.csv:3: expected 3 fields, found 4/);
      writeFileSync(sizes, original.replace('family,3,14.50', 'family,3,about 14'));
      expect(() => householdData(scratch)).toThrow(
        /household-type-by-size\.csv:3: expected a decimal number, found "about 14"/,
      );
      writeFileSync(sizes, original.replace('family,3,14.50', 'family,3,44.50'));
      expect(() => householdData(scratch)).toThrow(SourceError);
      expect(() => householdData(scratch)).toThrow(/typeBySize must hold non-negative per cents summing to 100/);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
