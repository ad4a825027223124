import { describe, expect, it } from 'vitest';
import type { ColumnRule } from '../../src/seed/column-rule.js';
import { pgBinaryKinds } from '../../src/seed/seed-binary-kinds.js';

const column = (name: string, rule: ColumnRule) => ({ name, rule });
const none = () => undefined;

describe('which seeded PostgreSQL tables go in binary COPY', () => {
  it("gives each column its type's kind when every rule's values are that type's", () => {
    const types: Record<string, string> = {
      id: 'uuid',
      n: 'bigint',
      amount: 'numeric',
      ratio: 'double precision',
      active: 'boolean',
      on: 'date',
      at: 'timestamp with time zone',
      local: 'timestamp without time zone',
      name: 'character varying',
      code: 'character',
    };
    const kinds = pgBinaryKinds(
      [
        column('id', { rule: 'key', form: 'uuid' }),
        column('n', { rule: 'key', form: 'sequence' }),
        column('amount', { rule: 'decimal', min: 0, max: 1, scale: 2 }),
        column('ratio', { rule: 'integer', min: 0, max: 9 }),
        column('active', { rule: 'boolean', share: 0.5 }),
        column('on', { rule: 'after', form: 'date', table: 't', column: 'c', min: 0, max: 1 }),
        column('at', { rule: 'timestamp', from: '2024-01-01T00:00:00Z', to: '2024-12-31T00:00:00Z' }),
        column('local', { rule: 'null' }),
        column('name', { rule: 'field', record: 'person', field: 'firstName' }),
        column('code', { rule: 'constant', value: 'x' }),
      ],
      (name) => types[name],
      none,
    );
    expect(kinds).toEqual([
      'uuid',
      'int8',
      'numeric',
      'float8',
      'bool',
      'date',
      'timestamp',
      'timestamp',
      'text',
      'text',
    ]);
  });

  it("follows a reference to its seeded column's rule", () => {
    const rules: Record<string, ColumnRule> = { 'people.id': { rule: 'field', record: 'member', field: 'id' } };
    const ruleOf = (table: string, name: string) => rules[`${table}.${name}`];
    expect(
      pgBinaryKinds([column('person_id', { rule: 'reference', table: 'people', column: 'id' })], () => 'uuid', ruleOf),
    ).toEqual(['uuid']);
  });

  it('leaves the whole table to COPY text when one column is not sure to take binary', () => {
    const uuid = () => 'uuid';
    const cases: [ColumnRule, (name: string) => string | undefined][] = [
      // A type the list does not have, a column the table lacks.
      [{ rule: 'integer', min: 0, max: 9 }, () => 'integer'],
      [{ rule: 'decimal', min: 0, max: 1, scale: 2 }, () => 'real'],
      [{ rule: 'constant', value: 'x' }, () => undefined],
      // Values of another type: a constant or a sequence into a UUID, a date into a timestamp.
      [{ rule: 'constant', value: '3f0c9a1e-52b4-8d07-9e61-0c4d2b7a8f13' }, uuid],
      [{ rule: 'key', form: 'sequence' }, uuid],
      [{ rule: 'date', from: '2024-01-01', to: '2024-12-31' }, () => 'timestamp with time zone'],
      [{ rule: 'field', record: 'member', field: 'birthDate' }, () => 'date'],
      // Rows the run did not make: an existing table's keys.
      [{ rule: 'reference', table: 'companies', column: 'id' }, uuid],
    ];
    for (const [rule, type] of cases)
      expect(
        pgBinaryKinds(
          [column('a', { rule: 'key', form: 'uuid' }), column('b', rule)],
          (name) => (name === 'a' ? 'uuid' : type(name)),
          none,
        ),
      ).toBeUndefined();
  });
});
