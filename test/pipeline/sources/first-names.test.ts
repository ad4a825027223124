import { describe, expect, it } from 'vitest';
import type { DelimitedRow } from '../../../pipeline/extract/read-delimited.js';
import { cohortPopulation, transformFirstNames } from '../../../pipeline/sources/first-names/transform.js';
import { PLACEHOLDER_FIRST_NAMES, validateFirstNames } from '../../../pipeline/sources/first-names/validate.js';

const rows = (...entries: string[][]): DelimitedRow[] => entries.map((fields, i) => ({ line: i + 2, fields }));
const cohorts = rows(['1952', 'F', '1000'], ['1952', 'M', '1000'], ['1992', 'F', '1000'], ['1992', 'M', '1000']);
// 1,000 people of every age and sex, but only 100 of each age born 1952-1956 (ages 66-70 in 2022) are alive.
const population = rows(
  ...Array.from({ length: 101 }, (_, age) => [
    String(age),
    age >= 66 && age <= 70 ? '100' : '1000',
    age >= 66 && age <= 70 ? '100' : '1000',
  ]),
);
const raw = (...names: string[][]) => ({ names: rows(...names), cohorts, population });

describe('first names', () => {
  it('drops the placeholders SSA records for unnamed births, counted by reason', () => {
    const { names, reports } = validateFirstNames(
      raw(
        ['maria', 'F', '1952', '100'],
        ['infant', 'F', '1952', '3736'],
        ['baby', 'M', '1952', '5661'],
        ['unknown', 'M', '1952', '6658'],
        ['notnamed', 'F', '1952', '460'],
        ['unnamed', 'M', '1952', '307'],
        ['male', 'M', '1952', '1308'],
        ['female', 'F', '1952', '1059'],
        ['boy', 'M', '1952', '388'],
        ['girl', 'F', '1952', '215'],
        ['abcde', 'F', '1952', '138'],
        ['dandre', 'M', '1992', '200'],
      ),
    );
    expect(names.map((n) => n.name)).toEqual(['maria', 'dandre']);
    expect(reports[0].toJSON()).toMatchObject({ rowsIn: 12, rowsOut: 2, rejected: { placeholder_name: 10 } });
  });

  it('lists every placeholder the review found', () => {
    for (const name of ['infant', 'baby', 'unknown', 'notnamed', 'unnamed', 'male', 'female', 'boy', 'girl', 'abcde'])
      expect(PLACEHOLDER_FIRST_NAMES.has(name), name).toBe(true);
  });

  it('keeps real names that merely start like a placeholder', () => {
    const { names } = validateFirstNames(
      raw(
        ['babette', 'F', '1952', '500'],
        ['boyd', 'M', '1952', '900'],
        ['nadia', 'F', '1992', '900'],
        ['malek', 'M', '1992', '300'],
      ),
    );
    expect(names).toHaveLength(4);
  });

  it('refuses a cohort the totals do not have, and a population table without ages 0-100', () => {
    expect(() => validateFirstNames(raw(['maria', 'F', '1953', '100']))).toThrow(
      /first-names\.csv:2: cohort "1953" is not in/,
    );
    expect(() => validateFirstNames({ ...raw(), population: population.slice(0, 100) })).toThrow(/expected ages 0-100/);
  });

  it('title-cases what remains', () => {
    const valid = validateFirstNames(raw(['mckenzie', 'F', '1992', '100'], ['mary-kate', 'F', '1992', '100']));
    expect(transformFirstNames(valid).map((n) => n.name)).toEqual(['Mary-Kate', 'McKenzie']);
  });

  it('weights names by the people of their birth cohorts alive today, not by births (issue 25)', () => {
    const valid = validateFirstNames(raw(['linda', 'F', '1952', '500'], ['ashley', 'F', '1992', '500']));
    // 1952-1956: 5 ages x 100 alive per 1,000 births; 1992-1996: 5 ages x 1,000 alive per 1,000 births.
    expect(cohortPopulation(valid, 1952, 'F')).toBe(500);
    expect(cohortPopulation(valid, 1992, 'F')).toBe(5000);
    const names = transformFirstNames(valid);
    expect(names.map((n) => [n.name, n.births, n.people])).toEqual([
      ['Ashley', 500, 2500],
      ['Linda', 500, 250],
    ]);
    // Too few survivors: left out.
    expect(transformFirstNames(validateFirstNames(raw(['ida', 'F', '1952', '300']))).map((n) => n.people)).toEqual([]);
  });
});
