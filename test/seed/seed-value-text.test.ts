import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADDRESS_FIELDS, createGenerator } from '../../src/index.js';
import { jsonLocator, planSchemaFile } from '../../src/seed/schema-file-plan.js';
import { SeedRows } from '../../src/seed/seed-rows.js';
import type { ColumnRule } from '../../src/seed/column-rule.js';
import { plainSeedRule, seedCopyText, seedCopyValue, sqliteSeedRow } from '../../src/seed/seed-value-text.js';

describe('seed values as the bulk loaders take them', () => {
  it('writes NULL as \\N and booleans as t/f for PostgreSQL, 1/0 for MySQL', () => {
    expect(seedCopyValue('postgres', null, false)).toBe('\\N');
    expect(seedCopyValue('mysql', null, true)).toBe('\\N');
    expect([seedCopyValue('postgres', true, false), seedCopyValue('postgres', false, false)]).toEqual(['t', 'f']);
    expect([seedCopyValue('mysql', true, false), seedCopyValue('mysql', false, false)]).toEqual(['1', '0']);
  });

  it('writes numbers as JavaScript prints them and escapes the characters COPY gives a meaning', () => {
    expect(seedCopyValue('postgres', 42, false)).toBe('42');
    expect(seedCopyValue('postgres', -0.5, false)).toBe('-0.5');
    expect(seedCopyValue('postgres', 'a\tb\\c\nd\re', false)).toBe('a\\tb\\\\c\\nd\\re');
    // The text "\N" is not NULL: its backslash is escaped.
    expect(seedCopyValue('postgres', '\\N', false)).toBe('\\\\N');
  });

  it("turns a timestamp column's ISO text into MySQL's DATETIME text, and nothing else", () => {
    expect(seedCopyValue('mysql', '2024-03-01T12:34:56Z', true)).toBe('2024-03-01 12:34:56');
    expect(seedCopyValue('mysql', '2024-03-01T12:34:56Z', false)).toBe('2024-03-01T12:34:56Z');
    expect(seedCopyValue('postgres', '2024-03-01T12:34:56Z', true)).toBe('2024-03-01T12:34:56Z');
  });

  it('joins a chunk into tab-separated lines, one per row', () => {
    expect(
      seedCopyText(
        'postgres',
        [
          [1, 'x', null, true],
          [2, 'y', '2024-01-01', false],
        ],
        [false, false, false, false],
      ),
    ).toBe('1\tx\t\\N\tt\n2\ty\t2024-01-01\tf\n');
  });

  it('writes plain columns as they are: the same text as with the escape, MySQL timestamps still rewritten', () => {
    const rows = [
      ['0b9c6ad1-1cc4-4f44-9d5e-3c1f1d1d0001', 7, '12.50', '2024-01-01', '2024-03-01T12:34:56Z', true, null],
      ['0b9c6ad1-1cc4-4f44-9d5e-3c1f1d1d0002', -0.5, '0.00', '2025-12-31', '2025-12-31T23:59:59Z', false, 'x'],
    ];
    const timestamps = [false, false, false, false, true, false, false];
    const plain = rows[0].map(() => true);
    for (const dialect of ['postgres', 'mysql'] as const)
      expect(seedCopyText(dialect, rows, timestamps, plain)).toBe(seedCopyText(dialect, rows, timestamps));
    expect(seedCopyText('mysql', rows, timestamps, plain)).toContain('\t2024-03-01 12:34:56\t1\t\\N\n');
    // A column marked plain is trusted: its values are not looked at.
    expect(seedCopyText('postgres', [['a\tb']], [false], [true])).toBe('a\tb\n');
  });

  it('takes as plain the rules whose values hold no character to escape, and a reference to such a column', () => {
    const rules: Record<string, ColumnRule> = {
      'orders.id': { rule: 'key', form: 'uuid' },
      'orders.note': { rule: 'field', record: 'person', field: 'street' },
      'orders.customer_id': { rule: 'reference', table: 'customers', column: 'id' },
    };
    const column = (table: string, name: string) => rules[`${table}.${name}`];
    const plain = (rule: ColumnRule) => plainSeedRule(rule, column);
    expect(plain({ rule: 'key', form: 'sequence' })).toBe(true);
    expect(plain({ rule: 'decimal', min: 1, max: 5, scale: 2 })).toBe(true);
    expect(plain({ rule: 'timestamp', from: '2024-01-01T00:00:00Z', to: '2025-01-01T00:00:00Z' })).toBe(true);
    expect(plain({ rule: 'pick', values: ['placed', 'shipped'], weights: [1, 1] })).toBe(true);
    expect(plain({ rule: 'pick', values: ['placed', 'a\\b'], weights: [1, 1] })).toBe(false);
    expect(plain({ rule: 'constant', value: 'two\nlines' })).toBe(false);
    // A catalogue field only when the index's text is plain, and only a person's address fields and UUID.
    expect(plain({ rule: 'field', record: 'person', field: 'email' })).toBe(false);
    const indexPlain = (rule: ColumnRule) => plainSeedRule(rule, column, true);
    for (const field of ['name', 'street', 'city', 'state', 'zip', 'phone', 'email', 'country', 'uuid'])
      expect(indexPlain({ rule: 'field', record: 'person', field }), field).toBe(true);
    expect(indexPlain({ rule: 'field', record: 'person', field: 'stateFull' })).toBe(false);
    expect(indexPlain({ rule: 'field', record: 'company', field: 'naicsTitle' })).toBe(false);
    expect(indexPlain({ rule: 'field', record: 'employee', field: 'title' })).toBe(false);
    expect(indexPlain({ rule: 'field', record: 'employee', field: 'email' })).toBe(true);
    expect(indexPlain({ rule: 'field', record: 'member', field: 'lastName' })).toBe(true);
    expect(indexPlain({ rule: 'field', record: 'household', field: 'street' })).toBe(true);
    expect(indexPlain({ rule: 'field', record: 'company', field: 'city' })).toBe(false);
    expect(indexPlain({ rule: 'reference', table: 'orders', column: 'note' })).toBe(true);
    expect(plain({ rule: 'reference', table: 'orders', column: 'id' })).toBe(true);
    expect(plain({ rule: 'reference', table: 'orders', column: 'note' })).toBe(false);
    // A table not seeded: its keys are the database's, of any type.
    expect(plain({ rule: 'reference', table: 'companies', column: 'id' })).toBe(false);
    const cycle = (): ColumnRule => ({ rule: 'reference', table: 'a', column: 'b' });
    expect(plainSeedRule(cycle(), cycle)).toBe(false);
  });

  it('writes the tables of a schema file the same with their plain columns as with the escape', () => {
    const person = { id: 'uuid', ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, f])) };
    const text = readFileSync(new URL('../../docs/examples/crm.seed.json', import.meta.url), 'utf8');
    const crm = JSON.parse(text) as { tables: Record<string, unknown> };
    const schema = { tables: { ...crm.tables, customers: { kind: 'person', count: 20_000, columns: person } } };
    const tables = planSchemaFile(schema, jsonLocator('crm.seed.json', text)).tables;
    const rules = new Map(tables.flatMap((t) => t.columns.map((c) => [`${t.table}.${c.column}`, c.rule] as const)));
    const rows = new SeedRows({ seed: '3', tables, generatorFor: (seed) => createGenerator({ seed }) });
    for (const table of tables) {
      const written = rows.columns(table.table);
      const indexPlain = rows.indexPlain(table.table);
      expect(indexPlain).toBe(true);
      const plain = written.map((c) => plainSeedRule(c.rule, (t, name) => rules.get(`${t}.${name}`), indexPlain));
      // The person table's nine columns are all plain, and the address and name columns of the others.
      if (table.table === 'customers') expect(plain).toEqual(written.map(() => true));
      if (table.table === 'households') expect(plain).toEqual(written.map(() => true));
      if (table.table === 'contacts')
        expect(written.filter((_, c) => plain[c]).map((c) => c.name)).toEqual([
          'id',
          'company_id',
          'first_name',
          'last_name',
          'email',
          'phone',
          'is_active',
        ]);
      const timestamps = written.map((c) => c.family === 'timestamp');
      const values = rows.rows(table.table, 0, Math.min(20_000, rows.rowCount(table.table)));
      for (const dialect of ['postgres', 'mysql'] as const)
        expect(seedCopyText(dialect, values, timestamps, plain), `${table.table} ${dialect}`).toBe(
          seedCopyText(dialect, values, timestamps),
        );
    }
  });

  it('binds booleans as 1 and 0 in SQLite, other values as they are', () => {
    expect(sqliteSeedRow([true, false, null, 'a', 2.5])).toEqual([1, 0, null, 'a', 2.5]);
  });
});
