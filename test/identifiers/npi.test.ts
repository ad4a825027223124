import luhn from 'luhn';
import { describe, expect, it } from 'vitest';
import { createGenerator } from '../../src/index.js';
import { NpiMaker, npiCheckDigit } from '../../src/identifiers/npi.js';
import { streamKey } from '../../src/random/stream-key.js';

describe('npi', () => {
  const gen = createGenerator({ seed: 'npi-validators' });
  const npis = gen.addresses({ count: 100_000, fields: ['npi'] }).map((r) => r.npi);

  // CMS: an NPI with the prefix 80840 in front is a valid Luhn number (checked here with the luhn package).
  const valid = (npi: string): boolean => luhn.validate('80840' + npi);

  it('is ten digits starting with 1, its check digit valid (Luhn over 80840 and the other nine)', () => {
    expect(npis.filter((n) => !/^1\d{9}$/.test(n))).toEqual([]);
    expect(npis.filter((n) => !valid(n))).toEqual([]);
    // Without the prefix, most would fail: the check digit is not a plain Luhn digit of the ten.
    expect(npis.filter((n) => luhn.validate(n)).length).toBeLessThan(npis.length / 5);
  });

  it("has CMS's check digit for CMS's example, 123456789 -> 3", () => {
    expect(npiCheckDigit('123456789')).toBe(3);
    expect(valid('1234567893')).toBe(true);
    expect(valid('1234567890')).toBe(false);
  });

  it('makes organisations start with 2, valid too', () => {
    const maker = new NpiMaker(streamKey('npi-validators'));
    const orgs = Array.from({ length: 10_000 }, (_, i) => maker.make(2, 0, i));
    expect(orgs.filter((n) => !/^2\d{9}$/.test(n) || !valid(n))).toEqual([]);
  });

  it('does not repeat within a stream of 1,000,000', () => {
    const maker = new NpiMaker(streamKey('npi-validators'));
    expect(maker.make(1, 0, 4321)).toBe(npis[4321]);
    const seen = new Set<string>();
    for (let i = 0; i < 1_000_000; i++) seen.add(maker.make(1, 0, i));
    expect(seen.size).toBe(1_000_000);
  });
});
