import { describe, expect, it } from 'vitest';
import { FIELD_NAMES } from '../../src/fields/field-catalogue.js';
import { FIELD_CODES, FIELD_STAGES } from '../../src/fields/record-draw.js';

describe('FIELD_CODES', () => {
  it('numbers every catalogue field by its position in FIELD_NAMES, so no two fields share a case', () => {
    expect(Object.keys(FIELD_CODES)).toEqual([...FIELD_NAMES]);
    expect(FIELD_NAMES.map((field) => FIELD_CODES[field])).toEqual(FIELD_NAMES.map((_, position) => position));
  });

  it('covers the same fields as FIELD_STAGES', () => {
    expect(Object.keys(FIELD_CODES).sort()).toEqual(Object.keys(FIELD_STAGES).sort());
  });
});
