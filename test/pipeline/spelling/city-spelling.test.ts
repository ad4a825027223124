import { describe, expect, it } from 'vitest';
import { SourceReport } from '../../../pipeline/source-report.js';
import type { GeonamesZip } from '../../../pipeline/sources/geonames/validate.js';
import type { SimplemapsZip } from '../../../pipeline/sources/simplemaps/validate.js';
import {
  acronymsUpperCased,
  apostropheRestored,
  GEONAMES_CITY_RULES,
  mcJoined,
  possessiveLowerCased,
  preferredSpelling,
  repairCity,
  SIMPLEMAPS_CITY_RULES,
} from '../../../pipeline/spelling/city-spelling.js';
import { joinZips } from '../../../pipeline/transform/join-zips.js';

describe('city spelling repairs', () => {
  it('keeps acronyms in capitals', () => {
    expect(acronymsUpperCased('Hanscom Afb')).toBe('Hanscom AFB');
    expect(acronymsUpperCased('Jbphh')).toBe('JBPHH');
    expect(acronymsUpperCased('Usaf Academy')).toBe('USAF Academy');
    expect(acronymsUpperCased('Jber')).toBe('JBER');
    expect(acronymsUpperCased('Afton')).toBe('Afton');
  });

  it('joins a split "Mc" and restores lost apostrophes and possessives', () => {
    expect(mcJoined('Mc Lean')).toBe('McLean');
    expect(mcJoined('Fort Mc Coy')).toBe('Fort McCoy');
    expect(apostropheRestored('O Fallon')).toBe("O'Fallon");
    expect(apostropheRestored('Land O Lakes')).toBe("Land O'Lakes");
    expect(apostropheRestored('Bois D Arc')).toBe("Bois D'Arc");
    expect(apostropheRestored('Odessa')).toBe('Odessa');
    expect(possessiveLowerCased("Lincoln'S New Salem")).toBe("Lincoln's New Salem");
  });

  it('applies every GeoNames rule in order and counts each change', () => {
    const report = new SourceReport('geonames-us/US.txt');
    const names = [
      'Mc Lean',
      'O Fallon',
      'Hanscom Afb',
      'Mcbh Kaneohe Bay',
      "Lincoln'S New Salem",
      'Mccall',
      'Chicago',
    ].map((n) => repairCity(n, GEONAMES_CITY_RULES, report));
    expect(names).toEqual([
      'McLean',
      "O'Fallon",
      'Hanscom AFB',
      'MCBH Kaneohe Bay',
      "Lincoln's New Salem",
      'McCall',
      'Chicago',
    ]);
    expect(report.repaired).toEqual({
      acronym_upper_cased: 2,
      apostrophe_restored: 1,
      mc_capitalised: 1,
      mc_joined: 1,
      possessive_lower_cased: 1,
    });
  });

  it('repairs SimpleMaps names the same way where it shares the fault', () => {
    const report = new SourceReport('simplemaps-us-zips/uszips.csv');
    expect(repairCity('Mcbh Kaneohe Bay', SIMPLEMAPS_CITY_RULES, report)).toBe('MCBH Kaneohe Bay');
    expect(repairCity('Mclean', SIMPLEMAPS_CITY_RULES, report)).toBe('McLean');
  });

  it("prefers SimpleMaps' spelling of the same name, unless it drops punctuation GeoNames has", () => {
    expect(preferredSpelling('Lacygne', 'La Cygne')).toBe('La Cygne');
    expect(preferredSpelling('Mac Arthur', 'MacArthur')).toBe('MacArthur');
    expect(preferredSpelling('Winston-Salem', 'Winston Salem')).toBe('Winston-Salem');
    expect(preferredSpelling("Coeur d'Alene", 'Coeur D Alene')).toBe("Coeur d'Alene");
    expect(preferredSpelling('Boston', 'South Boston')).toBe('Boston');
  });

  it('gives the joined ZIP the preferred spelling, counted on the GeoNames report', () => {
    const geonames: GeonamesZip[] = [
      { zip: '56671', place: 'Redlake', state: 'MN', county: 'Beltrami', lat: 47.8, lon: -95.0 },
      { zip: '27101', place: 'Winston-Salem', state: 'NC', county: 'Forsyth', lat: 36.1, lon: -80.2 },
    ];
    const simplemaps = new Map<string, SimplemapsZip>([
      [
        '56671',
        {
          zip: '56671',
          city: 'Red Lake',
          state: 'MN',
          county: 'Beltrami',
          countyFips: '27007',
          timezone: 'America/Chicago',
          lat: 47.8,
          lon: -95.0,
          population: 1000,
          density: 100,
        },
      ],
      [
        '27101',
        {
          zip: '27101',
          city: 'Winston Salem',
          state: 'NC',
          county: 'Forsyth',
          countyFips: '37067',
          timezone: 'America/New_York',
          lat: 36.1,
          lon: -80.2,
          population: 1000,
          density: 100,
        },
      ],
    ]);
    const report = new SourceReport('geonames-us/US.txt');
    expect(
      joinZips(geonames, report, simplemaps, new SourceReport('simplemaps-us-zips/uszips.csv')).map((z) => z.city),
    ).toEqual(['Winston-Salem', 'Red Lake']);
    expect(report.repaired).toEqual({ city_spelling_from_simplemaps: 1 });
  });
});
