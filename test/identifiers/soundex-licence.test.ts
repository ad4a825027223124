import { describe, expect, it } from 'vitest';
import { soundex } from '../../src/identifiers/soundex.js';
import {
  firstNameCode,
  floridaFromNameCode,
  floridaLicence,
  NameCodes,
  nameCode,
} from '../../src/identifiers/soundex-licence.js';

describe('name codes of the derived licences', () => {
  it('gives a name its own code, else its initial’s, as three digits', () => {
    expect(firstNameCode('Mary')).toBe('580');
    expect(firstNameCode('Albert')).toBe('020');
    // No code of its own: the initial Z's.
    expect(firstNameCode('Zelda')).toBe('980');
    expect(nameCode('Mary', 'Smith')).toBe('S530580');
  });

  it('makes the licence from the name code as from the names', () => {
    expect(floridaFromNameCode(nameCode('Mary', 'Smith'), '1956-03-14', true)).toBe(
      floridaLicence('Mary', 'Smith', '1956-03-14', true),
    );
  });

  it('keeps each column’s codes apart, by table and by sex, and makes them once', () => {
    const codes = new NameCodes(3, 2, 2);
    expect(codes.surname(2, 'Tymczak')).toBe(soundex('Tymczak'));
    // Made once: a later call for the same column returns the first name's code whatever text it is given.
    expect(codes.surname(2, 'Smith')).toBe('T522');
    expect(codes.surname(0, 'Smith')).toBe('S530');
    expect(codes.first(true, 1, 'Mary')).toBe('580');
    expect(codes.first(false, 1, 'Albert')).toBe('020');
    expect(codes.first(true, 1, 'Albert')).toBe('580');
  });
});
