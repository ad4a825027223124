import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameKey, singular } from '../../src/seed/column-names.js';
import { typeFamily } from '../../src/seed/database-schema.js';
import { parseColumnRule } from '../../src/seed/parse-column-rule.js';
import { ruleText } from '../../src/seed/plan-text.js';
import { recordSourceOf } from '../../src/seed/record-source.js';
import { SeedError } from '../../src/seed/seed-error.js';

describe('column names', () => {
  it('reads every spelling of a name as the same words', () => {
    for (const name of ['firstName', 'first_name', 'FIRST-NAME', 'First Name', 'FirstName'])
      expect(nameKey(name)).toBe('first_name');
    expect(nameKey('address_1')).toBe('address1');
    expect(nameKey('billingAddressLine2')).toBe('billing_address_line2');
    expect(nameKey('HTTPUrl')).toBe('http_url');
  });

  it('knows whose records a table holds from its last word', () => {
    expect(['companies', 'crm_vendors', 'Merchants', 'organisation'].map(recordSourceOf)).toEqual([
      'company',
      'company',
      'company',
      'company',
    ]);
    expect(['households', 'families', 'contacts', 'users', 'addresses'].map(recordSourceOf)).toEqual([
      'household',
      'household',
      'person',
      'person',
      'person',
    ]);
    expect(['addresses', 'boxes', 'companies', 'status'].map(singular)).toEqual([
      'address',
      'box',
      'company',
      'status',
    ]);
  });

  it('gives each declared type its family in the three spellings', () => {
    expect(
      [
        'character varying(80)',
        'VARCHAR(10)',
        'text',
        'uuid',
        'char(36)',
        'tinyint(1)',
        'boolean',
        'integer',
        'bigint(20)',
      ].map(typeFamily),
    ).toEqual(['text', 'text', 'text', 'uuid', 'text', 'boolean', 'boolean', 'integer', 'integer']);
    expect(
      [
        'numeric(12,2)',
        'decimal(12,2)',
        'double precision',
        'double',
        'real',
        'date',
        'datetime',
        'timestamp with time zone',
        'bytea',
      ].map(typeFamily),
    ).toEqual(['decimal', 'decimal', 'float', 'float', 'float', 'date', 'timestamp', 'timestamp', 'other']);
  });
});

describe('--set rules', () => {
  it('writes back every integer range it parses', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.nat(1e9),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (min, span, nulls) => {
          const text = `int:${min}..${min + span}`;
          const parsed = parseColumnRule(`${text}?${nulls}`, '--set t.c');
          expect(ruleText(parsed.rule)).toBe(text);
          expect(parsed.nulls).toBe(nulls);
        },
      ),
    );
  });

  it('reads each form', () => {
    expect(parseColumnRule('company.ein', 'x').rule).toEqual({ rule: 'field', record: 'company', field: 'ein' });
    expect(parseColumnRule('field:email', 'x', 'employee').rule).toEqual({
      rule: 'field',
      record: 'employee',
      field: 'email',
    });
    expect(parseColumnRule('decimal:0.5..10.25', 'x').rule).toEqual({
      rule: 'decimal',
      min: 0.5,
      max: 10.25,
      scale: 2,
    });
    expect(parseColumnRule('timestamp:2024-01-01T00:00:00Z..2024-12-31T23:59:59Z', 'x').rule).toEqual({
      rule: 'timestamp',
      from: '2024-01-01T00:00:00Z',
      to: '2024-12-31T23:59:59Z',
    });
    expect(parseColumnRule('const:a:b', 'x').rule).toEqual({ rule: 'constant', value: 'a:b' });
    expect(parseColumnRule('pick:gold=1,silver=3', 'x').rule).toEqual({
      rule: 'pick',
      values: ['gold', 'silver'],
      weights: [1, 3],
    });
  });

  it('refuses what does not parse, naming the place and the forms', () => {
    for (const [text, problem] of [
      ['int:1', 'needs a range FROM..TO'],
      ['date:2024-02-30..2024-03-01', 'needs dates YYYY-MM-DD..YYYY-MM-DD'],
      ['bool:2', 'needs the share of true, 0 to 1'],
      ['pick:a=0', 'needs values, each with an optional positive weight'],
      ['int:1..2?1.5', 'has a NULL share that is not a number from 0 to 1'],
      ['random', 'is not a rule'],
    ]) {
      let error: unknown;
      try {
        parseColumnRule(text, '--set orders.qty');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SeedError);
      expect((error as SeedError).message).toContain(`--set orders.qty: ${JSON.stringify(text)} ${problem}`);
      expect((error as SeedError).message).toContain('a rule is one of sequence, uuid, null');
    }
  });
});
