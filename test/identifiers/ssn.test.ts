import { isValid as ssnValidatorIsValid } from 'ssn-validator';
import isValidSsn from 'is-valid-ssn';
import { describe, expect, it } from 'vitest';
import { createGenerator, defaultIndex } from '../../src/index.js';
import { streamKey } from '../../src/random/stream-key.js';
import { SSN_GROUPS, SsnMaker } from '../../src/identifiers/ssn.js';

const COUNT = 100_000;
// The IRS's ITIN groups (fourth and fifth digits), all of them: 50-65, 70-88, 90-92, 94-99.
const isItinGroup = (g: number): boolean =>
  (g >= 50 && g <= 65) || (g >= 70 && g <= 88) || (g >= 90 && g <= 92) || g >= 94;

describe('ssn', () => {
  const gen = createGenerator({ seed: 'ssn-validators' });
  const ssns = gen.addresses({ count: COUNT, fields: ['ssn'] }).map((r) => r.ssn);

  it('is never issued and never an ITIN: area 900-999, group neither 00 nor an ITIN group, serial not 0000', () => {
    let bad = 0;
    for (const ssn of ssns) {
      const m = /^(\d{3})-(\d{2})-(\d{4})$/.exec(ssn);
      if (!m) {
        bad++;
        continue;
      }
      const area = Number(m[1]);
      const group = Number(m[2]);
      if (area < 900 || group === 0 || isItinGroup(group) || m[3] === '0000') bad++;
    }
    expect(bad).toBe(0);
    expect(SSN_GROUPS).toHaveLength(55);
  });

  it('uses every allowed group and the whole area range', () => {
    const groups = new Set(ssns.map((s) => Number(s.slice(4, 6))));
    const areas = new Set(ssns.map((s) => Number(s.slice(0, 3))));
    expect([...groups].sort((a, b) => a - b)).toEqual(SSN_GROUPS);
    expect(areas.size).toBe(100);
  });

  it('is refused by the validators that apply the SSA rules (ssn-validator, is-valid-ssn), as documented', () => {
    // They refuse areas 000, 666 and 900-999, exactly the never-issued areas: a never-issued SSN cannot pass them.
    expect(ssns.filter((s) => ssnValidatorIsValid(s))).toEqual([]);
    expect(ssns.filter((s) => isValidSsn(s.replaceAll('-', '')))).toEqual([]);
    // The same validators accept the same number moved into an issued area, so what they refuse is the area.
    expect(ssns.slice(0, 1000).every((s) => ssnValidatorIsValid('123' + s.slice(3)))).toBe(true);
  });

  it('does not repeat within a stream of 1,000,000', () => {
    // The maker is the generator's: record i of the default stream, and of California's (stream = state index + 1).
    const maker = new SsnMaker(streamKey('ssn-validators'));
    expect(maker.make(0, 12_345)).toBe(ssns[12_345]);
    const ca = defaultIndex().state('CA')!.index + 1;
    expect(gen.addressAt(777, { state: 'CA', fields: ['ssn'] }).ssn).toBe(maker.make(ca, 777));
    const seen = new Set<string>();
    for (let i = 0; i < 1_000_000; i++) seen.add(maker.make(0, i));
    expect(seen.size).toBe(1_000_000);
  });
});
