import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeJobTitles } from '../../../pipeline/load/write-job-titles.js';
import { JobTitles } from '../../../src/related/job-titles.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-titles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function build(rows: string[]): string {
  mkdirSync(join(dir, 'bls-oews-sector-titles'), { recursive: true });
  writeFileSync(
    join(dir, 'bls-oews-sector-titles/titles-by-sector.csv'),
    ['sector,soc,occupation,title,employment', ...rows].join('\n') + '\n',
  );
  return writeJobTitles(dir, '2026.1.1').toString('utf8');
}

describe('the job titles data file (dist-data/ussynth-titles.json)', () => {
  it('groups titles by sector, sorted by code point, with their weights', () => {
    const text = build([
      '31-33,51-4041,Machinists,Machinist,300',
      '11,45-2092,"Farmworkers and Laborers, Crop",Farmworker,240',
      '31-33,11-1011,Chief Executives,Chief Executive Officer,15',
    ]);
    expect(JSON.parse(text)).toEqual({
      datasetVersion: '2026.1.1',
      sectors: {
        '11': [['Farmworker', 240]],
        '31-33': [
          ['Chief Executive Officer', 15],
          ['Machinist', 300],
        ],
      },
    });
    const titles = JobTitles.fromBytes(text);
    expect(titles.has('332710')).toBe(true);
    expect(titles.has('111110')).toBe(true);
    expect(titles.has('541110')).toBe(false);
  });

  it('refuses a bad row, naming the file and line', () => {
    expect(() => build(['23,47-2061,Construction Laborers,Construction Laborer,0'])).toThrow(
      /titles-by-sector.csv.*2.*positive whole number/,
    );
    expect(() => build(['2x,47-2061,Construction Laborers,Construction Laborer,5'])).toThrow(/bad sector/);
    expect(() => build(['23,47-2061,Construction Laborers,Laborer,5', '23,47-2062,Other Laborers,Laborer,5'])).toThrow(
      /twice in sector 23/,
    );
  });
});
