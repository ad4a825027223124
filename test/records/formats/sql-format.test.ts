import { Database } from '../../../pipeline/load/sqlite-driver.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  quotedTable,
  SQL_ROWS_PER_INSERT,
  sqlFormat,
  sqlText,
  tableNameProblem,
} from '../../../src/records/formats/sql-format.js';
import { fieldText, splitRender } from './format-fixtures.js';

function load(sql: string, table: string): unknown[] {
  const db = new Database(':memory:');
  try {
    db.exec(sql);
    return db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all();
  } finally {
    db.close();
  }
}

describe('sqlFormat', () => {
  it('loads into SQLite with the same rows, across INSERT boundaries and any chunking', () => {
    const records = Array.from({ length: SQL_ROWS_PER_INSERT * 2 + 7 }, (_, i) => ({
      a: `row ${i}`,
      b: i % 3 === 0 ? "O'Brien" : `x${i}`,
    }));
    for (const cuts of [[records.length], [1], [499, 2], [333]]) {
      const sql = splitRender(sqlFormat({ columns: ['a', 'b'], table: 'people', jsonShape: 'array' }), records, cuts);
      expect(sql.match(/^INSERT INTO /gm)).toHaveLength(3);
      expect(load(sql, 'people')).toEqual(records);
    }
  });

  it('any text survives the round trip, quotes and backslashes included', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ a: fieldText, b: fieldText }), { minLength: 1, maxLength: 20 }), (records) => {
        const sql = splitRender(sqlFormat({ columns: ['a', 'b'], table: 'T_1', jsonShape: 'array' }), records, [3]);
        expect(load(sql, 'T_1')).toEqual(records);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the table name exactly (quoted) and reserved words work', () => {
    const sql = splitRender(
      sqlFormat({ columns: ['order'], table: 'Select', jsonShape: 'array' }),
      [{ order: '1' }],
      [1],
    );
    expect(load(sql, 'Select')).toEqual([{ order: '1' }]);
  });

  it('writes a schema-qualified table with each part quoted, and SQLite loads it into that schema', () => {
    const sql = splitRender(sqlFormat({ columns: ['a'], table: 'main.People', jsonShape: 'array' }), [{ a: 'x' }], [1]);
    expect(sql).toContain('CREATE TABLE "main"."People" (');
    expect(sql).toContain('INSERT INTO "main"."People" ("a") VALUES');
    expect(load(sql, 'People')).toEqual([{ a: 'x' }]);
  });

  it('quotes text the standard way', () => {
    expect(sqlText("O'Brien")).toBe("'O''Brien'");
    expect(sqlText('C:\\path')).toBe("'C:\\path'");
  });

  it('accepts identifiers only, optionally schema-qualified', () => {
    expect(quotedTable('public.customers')).toBe('"public"."customers"');
    expect(tableNameProblem('addresses')).toBeUndefined();
    expect(tableNameProblem('_t9')).toBeUndefined();
    expect(tableNameProblem('a'.repeat(63))).toBeUndefined();
    expect(tableNameProblem('public.customers')).toBeUndefined();
    for (const bad of [
      '',
      '9lives',
      'my-table',
      'a b',
      'a"b',
      'x;DROP',
      'a'.repeat(64),
      'tablé',
      'a.b.c',
      '.t',
      't.',
      'public.9t',
      'a..b',
    ]) {
      expect(tableNameProblem(bad)).toMatch(/^--table must be an SQL identifier/);
    }
  });
});
