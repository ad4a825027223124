import { describe, expect, it } from 'vitest';
import type { DelimitedRow } from '../../../pipeline/extract/read-delimited.js';
import { transformFirstNames } from '../../../pipeline/sources/first-names/transform.js';
import { PLACEHOLDER_FIRST_NAMES, validateFirstNames } from '../../../pipeline/sources/first-names/validate.js';

const rows = (...entries: [string, string, string][]): DelimitedRow[] => entries.map((fields, i) => ({ line: i + 2, fields }));

describe('first names', () => {
  it('drops the placeholders SSA records for unnamed births, counted by reason', () => {
    const { names, report } = validateFirstNames(
      rows(['maria', 'F', '100'], ['infant', 'F', '3736'], ['baby', 'M', '5661'], ['unknown', 'M', '6658'], ['notnamed', 'F', '460'], ['unnamed', 'M', '307'],
        ['male', 'M', '1308'], ['female', 'F', '1059'], ['boy', 'M', '388'], ['girl', 'F', '215'], ['abcde', 'F', '138'], ['dandre', 'M', '200']),
    );
    expect(names.map((n) => n.name)).toEqual(['maria', 'dandre']);
    expect(report.toJSON()).toMatchObject({ rowsIn: 12, rowsOut: 2, rejected: { placeholder_name: 10 } });
  });

  it('lists every placeholder the review found', () => {
    for (const name of ['infant', 'baby', 'unknown', 'notnamed', 'unnamed', 'male', 'female', 'boy', 'girl', 'abcde']) expect(PLACEHOLDER_FIRST_NAMES.has(name), name).toBe(true);
  });

  it('keeps real names that merely start like a placeholder', () => {
    const { names } = validateFirstNames(rows(['babette', 'F', '500'], ['boyd', 'M', '900'], ['nadia', 'F', '900'], ['malek', 'M', '300']));
    expect(names).toHaveLength(4);
  });

  it('title-cases what remains', () => {
    expect(transformFirstNames([{ name: 'mckenzie', sex: 'F', births: 1 }, { name: 'mary-kate', sex: 'F', births: 1 }]).map((n) => n.name)).toEqual(['Mary-Kate', 'McKenzie']);
  });
});
