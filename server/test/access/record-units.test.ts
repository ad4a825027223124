import { describe, expect, it } from 'vitest';
import { MAX_FIELDS } from '../../../src/index.js';
import { DEFAULT_RECORD_FIELDS, recordUnits } from '../../src/access/record-units.js';

const list = (n: number) => Array.from({ length: n }, (_, i) => `c${i}=uuid`).join(',');

describe('recordUnits', () => {
  it("counts a record as one without fields, and for up to the default record's 8 fields", () => {
    expect(DEFAULT_RECORD_FIELDS).toBe(8);
    expect(recordUnits(undefined)).toBe(1);
    expect(recordUnits('zip')).toBe(1);
    expect(recordUnits(list(8))).toBe(1);
  });

  it('adds one for each further 8 entries started, up to 8 for the longest list', () => {
    expect(recordUnits(list(9))).toBe(2);
    expect(recordUnits(list(16))).toBe(2);
    expect(recordUnits(list(17))).toBe(3);
    expect(recordUnits(list(MAX_FIELDS))).toBe(8);
  });

  it('counts entries, not the length of their names (a column name is at most 63 characters)', () => {
    expect(recordUnits(Array.from({ length: 8 }, (_, i) => `c${i}_${'w'.repeat(60)}=email`).join(','))).toBe(1);
  });
});
