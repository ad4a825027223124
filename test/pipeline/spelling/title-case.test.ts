import { describe, expect, it } from 'vitest';
import { titleCase } from '../../../pipeline/spelling/title-case.js';

describe('titleCase', () => {
  it.each([
    ['james', 'James'],
    ['mckenzie', 'McKenzie'],
    ['mcdonald', 'McDonald'],
    ["d'andre", "D'Andre"],
    ["o'brien", "O'Brien"],
    ['mary-kate', 'Mary-Kate'],
    ['de la cruz', 'De La Cruz'],
    ['mackenzie', 'Mackenzie'],
    ['mc', 'Mc'],
    ['SMITH', 'Smith'],
  ])('%s -> %s', (input, expected) => {
    expect(titleCase(input)).toBe(expected);
  });
});
