import { describe, expect, it } from 'vitest';
import { cleanBase, ordinal, parseStreet } from '../../../pipeline/sources/streets/transform.js';
import { extractStreets } from '../../../pipeline/sources/streets/extract.js';
import { validateStreets } from '../../../pipeline/sources/streets/validate.js';
import { SourceReport } from '../../../pipeline/source-report.js';
import { SourceError } from '../../../pipeline/source-error.js';
import { DATASETS_DIR } from '../../../pipeline/main.js';

const suffixes = new Map([
  ['STREET', 'ST'],
  ['ST', 'ST'],
  ['DRIVE', 'DR'],
  ['AVENUE', 'AVE'],
  ['ROAD', 'RD'],
]);
const directionals = new Map([
  ['north', 'N'],
  ['n', 'N'],
  ['west', 'W'],
  ['w', 'W'],
  ['southeast', 'SE'],
  ['se', 'SE'],
  ['e', 'E'],
  ['east', 'E'],
]);

describe('street parsing', () => {
  it.each([
    ['5601 West Crocus Drive', { house: '5601', directional: 'W', base: 'Crocus', suffix: 'DR', trailing: null }],
    ['1745 T Street Southeast', { house: '1745', directional: null, base: 'T', suffix: 'ST', trailing: 'SE' }],
    ['2203 7th Street Road', { house: '2203', directional: null, base: '7th Street', suffix: 'RD', trailing: null }],
    ['E North Street', { house: null, directional: 'E', base: 'North', suffix: 'ST', trailing: null }],
    ['North Street', { house: null, directional: null, base: 'North', suffix: 'ST', trailing: null }],
  ])('%s', (line, expected) => {
    expect(parseStreet(line, suffixes, directionals)).toEqual(expected);
  });

  it('returns null when the last word is not a Publication 28 suffix', () => {
    expect(parseStreet('Cherry Tree Close', suffixes, directionals)).toBeNull();
    expect(parseStreet('Broadway', suffixes, directionals)).toBeNull();
  });

  it('writes English ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });
});

describe('base-name artefacts (issue 25)', () => {
  it.each([
    ['93RD', '93rd', 'ordinal_lower_cased'],
    ['Mcmillin', 'McMillin', 'mc_capitalised'],
    ['Martin Luther King Junior', 'Martin Luther King Jr', 'junior_abbreviated'],
  ])('repairs %s to %s, counted', (base, repaired, reason) => {
    const report = new SourceReport('test');
    expect(cleanBase(base, report)).toBe(repaired);
    expect((report.toJSON() as { repaired: object }).repaired).toEqual({ [reason]: 1 });
  });

  it.each(['36.1', 'I 95', '7th Street'])('drops %s, which is not a name, counted', (base) => {
    const report = new SourceReport('test');
    report.read();
    expect(cleanBase(base, report)).toBeNull();
    expect((report.toJSON() as { rejected: object }).rejected).toEqual({ base_not_a_name: 1 });
  });

  it('keeps names and ordinals as they are', () => {
    const report = new SourceReport('test');
    expect(['Oak', '5th', 'McKinley', "O'Brien"].map((b) => cleanBase(b, report))).toEqual([
      'Oak',
      '5th',
      'McKinley',
      "O'Brien",
    ]);
  });
});

describe('the street model config', () => {
  const raw = () => extractStreets(DATASETS_DIR);

  it('refuses a business designator for home addresses', () => {
    const streets = raw();
    (streets.model as { unitDesignators: Record<string, number> }).unitDesignators.STE = 10;
    expect(() => validateStreets(streets)).toThrow(SourceError);
    expect(() => validateStreets(streets)).toThrow(/STE is for business premises/);
  });

  it('refuses density points that do not start at 0 or do not ascend', () => {
    const streets = raw();
    (streets.model as { unitShareByDensity: number[][] }).unitShareByDensity = [
      [10, 0.1],
      [5, 0.2],
    ];
    expect(() => validateStreets(streets)).toThrow(/unitShareByDensity/);
  });

  it('refuses a unit factor for a suffix Publication 28 does not have', () => {
    const streets = raw();
    (streets.model as { unitFactorBySuffix: Record<string, number> }).unitFactorBySuffix.CULDESAC = 0.1;
    expect(() => validateStreets(streets)).toThrow(/CULDESAC is not a Publication 28/);
  });
});
