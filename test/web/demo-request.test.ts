import { describe, expect, it } from 'vitest';
import { FIELD_NAMES } from '../../src/browser.js';
import { DemoInputError, parseDemoForm } from '../../web/src/demo-request.js';

const form = { kind: 'batch', seed: '', count: '10', state: '', zip: '' };

describe('parseDemoForm', () => {
  it('reads a batch, trimming the seed; an empty seed means a random one', () => {
    expect(parseDemoForm({ ...form, seed: ' 42 ', state: 'CA' })).toEqual({
      kind: 'batch',
      seed: '42',
      count: 10,
      state: 'CA',
      zip: '',
    });
    expect(parseDemoForm(form).seed).toBeUndefined();
    // The geo box counts for addresses, batches and ZIP lookups only.
    expect(parseDemoForm({ ...form, geo: true }).geo).toBe(true);
    expect(parseDemoForm({ ...form, kind: 'ein', geo: true })).not.toHaveProperty('geo');
    expect(parseDemoForm({ ...form, geo: false })).not.toHaveProperty('geo');
    expect(parseDemoForm({ ...form, seed: '   ' }).seed).toBeUndefined();
  });

  it('ignores the fields a kind does not use', () => {
    expect(parseDemoForm({ ...form, kind: 'address', count: 'junk', state: 'TX', zip: '1' })).toEqual({
      kind: 'address',
      seed: undefined,
      count: 1,
      state: 'TX',
      zip: '',
    });
    expect(parseDemoForm({ ...form, kind: 'ein', state: 'TX' }).state).toBeUndefined();
    expect(parseDemoForm({ ...form, kind: 'zip', count: '', state: 'TX', zip: ' 10001 ' })).toEqual({
      kind: 'zip',
      seed: undefined,
      count: 1,
      state: undefined,
      zip: '10001',
    });
    // A lookup draws nothing at random: a seed left in the (hidden) field is not taken.
    expect(parseDemoForm({ ...form, kind: 'zip', seed: '42', zip: '10001' }).seed).toBeUndefined();
  });

  it.each(['0', '1001', '-1', '1.5', '1e3', '', ' ', '0x10', '10000000'])(
    'refuses count %j, naming the field',
    (count) => {
      expect(() => parseDemoForm({ ...form, count })).toThrow(
        new DemoInputError('count', `Count must be a whole number from 1 to 1000, got ${JSON.stringify(count)}.`),
      );
    },
  );

  it('accepts the bounds', () => {
    expect(parseDemoForm({ ...form, count: '1' }).count).toBe(1);
    expect(parseDemoForm({ ...form, count: '1000' }).count).toBe(1000);
  });

  it('refuses an unknown kind', () => {
    expect(() => parseDemoForm({ ...form, kind: 'ssn' })).toThrow(DemoInputError);
  });

  it('reads a field list for addresses and batches, checked by the library, and refuses a bad one naming the fields box', () => {
    expect(parseDemoForm({ ...form, fields: ' id=uuid,email ' }).fields).toBe('id=uuid,email');
    expect(parseDemoForm({ ...form, fields: '  ' })).not.toHaveProperty('fields');
    expect(parseDemoForm({ ...form, kind: 'ein', fields: 'nope' })).not.toHaveProperty('fields');
    const error = (() => {
      try {
        parseDemoForm({ ...form, fields: 'zip,nope' });
      } catch (caught) {
        return caught as DemoInputError;
      }
      throw new Error('accepted');
    })();
    expect(error).toBeInstanceOf(DemoInputError);
    expect(error.field).toBe('fields');
    // Every field of the catalogue, in its order (the list grows with the catalogue).
    expect(error.message).toBe(`Unknown field "nope" in fields entry "nope"; valid fields: ${FIELD_NAMES.join(', ')}.`);
    expect(() => parseDemoForm({ ...form, fields: 'zip', geo: true })).toThrow(/Untick "With coordinates"/);
  });

  it('reads companies, households and employees with a count and a state; employees with a company index', () => {
    expect(parseDemoForm({ ...form, kind: 'company', count: '25', state: 'TX', company: '9' })).toEqual({
      kind: 'company',
      seed: undefined,
      count: 25,
      state: 'TX',
      zip: '',
    });
    expect(parseDemoForm({ ...form, kind: 'household', seed: 'h', geo: true, fields: 'zip' })).toEqual({
      kind: 'household',
      seed: 'h',
      count: 10,
      state: undefined,
      zip: '',
    });
    expect(parseDemoForm({ ...form, kind: 'employee', company: ' 17 ', state: 'OR' })).toEqual({
      kind: 'employee',
      seed: undefined,
      count: 10,
      state: 'OR',
      zip: '',
      company: 17,
    });
    expect(parseDemoForm({ ...form, kind: 'employee', company: '9007199254740991' }).company).toBe(
      Number.MAX_SAFE_INTEGER,
    );
  });

  it.each(['', '-1', '1.5', 'one', '9007199254740992', '12345678901234567'])(
    'refuses company index %j for employees, naming the box',
    (company) => {
      expect(() => parseDemoForm({ ...form, kind: 'employee', company })).toThrow(
        new DemoInputError(
          'company',
          `Company must be a whole number from 0 to 9007199254740991, got ${JSON.stringify(company)}.`,
        ),
      );
    },
  );
});
