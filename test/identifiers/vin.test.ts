import { readFileSync } from 'node:fs';
import vinValidator from 'vin-validator';
import { describe, expect, it } from 'vitest';
import { createGenerator } from '../../src/index.js';

// Written from 49 CFR 565.15, apart from src/identifiers/vin.ts.
const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
// Table of the model-year character, 1997..2026 (the rule's table, written out).
const YEAR_CODES: Record<number, string> = {
  1997: 'V',
  1998: 'W',
  1999: 'X',
  2000: 'Y',
  2001: '1',
  2002: '2',
  2003: '3',
  2004: '4',
  2005: '5',
  2006: '6',
  2007: '7',
  2008: '8',
  2009: '9',
  2010: 'A',
  2011: 'B',
  2012: 'C',
  2013: 'D',
  2014: 'E',
  2015: 'F',
  2016: 'G',
  2017: 'H',
  2018: 'J',
  2019: 'K',
  2020: 'L',
  2021: 'M',
  2022: 'N',
  2023: 'P',
  2024: 'R',
  2025: 'S',
  2026: 'T',
};

function checkDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (/\d/.test(vin[i]) ? Number(vin[i]) : TRANSLITERATION[vin[i]]) * WEIGHTS[i];
  return sum % 11 === 10 ? 'X' : String(sum % 11);
}

/** (WMI, make, year) triples of the vendored vPIC extract. */
function vpicTriples(): Set<string> {
  const lines = readFileSync(new URL('../../datasets/nhtsa-vpic/wmi-model-years.tsv', import.meta.url), 'utf8')
    .trimEnd()
    .split('\n')
    .slice(1);
  return new Set(lines.map((line) => line.split('\t').slice(0, 3).join('\t')));
}

describe('vin, vehicleYear, vehicleMake', () => {
  it('100,000 VINs: shape, check digit (vin-validator and 49 CFR 565), year character and a vPIC WMI of that make and year', () => {
    const triples = vpicTriples();
    const gen = createGenerator({ seed: 51 });
    const records = gen.addresses({ count: 100_000, fields: ['vin', 'vehicleYear', 'vehicleMake'] });
    const bad = records.filter(
      ({ vin, vehicleYear, vehicleMake }) =>
        !/^[A-HJ-NPR-Z0-9]{17}$/.test(vin) ||
        !vinValidator.validate(vin) ||
        vin[8] !== checkDigit(vin) ||
        vin[9] !== YEAR_CODES[vehicleYear] ||
        // Position 7 tells the cycle apart for cars and MPVs: a digit up to 2009, a letter from 2010.
        /\d/.test(vin[6]) !== vehicleYear < 2010 ||
        !triples.has(`${vin.slice(0, 3)}\t${vehicleMake}\t${vehicleYear}`),
    );
    expect(bad.slice(0, 5)).toEqual([]);
    // Every year of the range and many makes come out.
    expect(new Set(records.map((r) => r.vehicleYear)).size).toBe(30);
    expect(new Set(records.map((r) => r.vehicleMake)).size).toBeGreaterThan(50);
  });

  it('vin-validator refuses a VIN with one character changed (the check it runs can fail)', () => {
    const { vin } = createGenerator({ seed: 51 }).addresses({ count: 1, fields: ['vin'] })[0];
    const changed = vin.slice(0, 16) + (vin[16] === '1' ? '2' : '1');
    expect(vinValidator.validate(vin)).toBe(true);
    expect(vinValidator.validate(changed)).toBe(false);
  });

  it('no VIN repeats within 1,000,000 records of a stream, nor in a state stream', () => {
    const gen = createGenerator({ seed: 7 });
    const vins = new Set<string>();
    for (let start = 0; start < 1_000_000; start += 250_000)
      for (const { vin } of gen.addresses({ start, count: 250_000, fields: ['vin'] })) vins.add(vin);
    expect(vins.size).toBe(1_000_000);
    const texas = new Set(gen.addresses({ state: 'TX', count: 100_000, fields: ['vin'] }).map((r) => r.vin));
    expect(texas.size).toBe(100_000);
  });

  it('change no other field: a record with the vehicle has the same name and address as without', () => {
    const gen = createGenerator({ seed: 3 });
    const plain = gen.addresses({ count: 50, fields: ['name', 'street', 'birthDate', 'uuid'] });
    const withVehicle = gen.addresses({
      count: 50,
      fields: ['name', 'street', 'birthDate', 'uuid', 'vin', 'vehicleMake'],
    });
    expect(withVehicle.map(({ name, street, birthDate, uuid }) => ({ name, street, birthDate, uuid }))).toEqual(plain);
  });
});
