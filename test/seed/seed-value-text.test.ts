import { describe, expect, it } from 'vitest';
import { seedCopyText, seedCopyValue, sqliteSeedRow } from '../../src/seed/seed-value-text.js';

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

  it('binds booleans as 1 and 0 in SQLite, other values as they are', () => {
    expect(sqliteSeedRow([true, false, null, 'a', 2.5])).toEqual([1, 0, null, 'a', 2.5]);
  });
});
