import { describe, expect, it } from 'vitest';
import { ordinal, parseStreet } from '../../../pipeline/sources/streets/transform.js';

const suffixes = new Map([['STREET', 'ST'], ['ST', 'ST'], ['DRIVE', 'DR'], ['AVENUE', 'AVE'], ['ROAD', 'RD']]);
const directionals = new Map([['north', 'N'], ['n', 'N'], ['west', 'W'], ['w', 'W'], ['southeast', 'SE'], ['se', 'SE'], ['e', 'E'], ['east', 'E']]);

describe('street parsing', () => {
  it.each([
    ['5601 West Crocus Drive', { house: '5601', directional: 'W', base: 'Crocus', suffix: 'DR' }],
    ['1745 T Street Southeast', { house: '1745', directional: null, base: 'T', suffix: 'ST' }],
    ['2203 7th Street Road', { house: '2203', directional: null, base: '7th Street', suffix: 'RD' }],
    ['E North Street', { house: null, directional: 'E', base: 'North', suffix: 'ST' }],
    ['North Street', { house: null, directional: null, base: 'North', suffix: 'ST' }],
  ])('%s', (line, expected) => {
    expect(parseStreet(line, suffixes, directionals)).toEqual(expected);
  });

  it('returns null when the last word is not a Publication 28 suffix', () => {
    expect(parseStreet('Cherry Tree Close', suffixes, directionals)).toBeNull();
    expect(parseStreet('Broadway', suffixes, directionals)).toBeNull();
  });

  it('writes English ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th']);
  });
});
