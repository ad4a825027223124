import { describe, expect, it } from 'vitest';
import { soundex } from '../../src/identifiers/soundex.js';

describe('soundex', () => {
  it('gives the National Archives examples', () => {
    // https://www.archives.gov/research/census/soundex: the examples of its rules.
    const examples: Record<string, string> = {
      Washington: 'W252',
      Lee: 'L000',
      Gutierrez: 'G362',
      Pfister: 'P236',
      Jackson: 'J250',
      Tymczak: 'T522',
      VanDeusen: 'V532',
      Ashcraft: 'A261',
      Robert: 'R163',
      Rupert: 'R163',
      Rubin: 'R150',
      Honeyman: 'H555',
    };
    for (const [name, code] of Object.entries(examples)) expect(soundex(name), name).toBe(code);
  });

  it('skips characters that are not letters and ignores case', () => {
    expect(soundex("O'Brien")).toBe(soundex('OBRIEN'));
    expect(soundex('de la Cruz')).toBe('D426');
    expect(soundex('')).toBe('');
  });
});
