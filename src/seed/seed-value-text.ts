import { copyValue } from '../records/formats/copy-text.js';
import type { SqlDialect } from '../records/columns/sql-dialect.js';
import type { SeedValue } from './generic-values.js';

// A timestamp as the seed's rules write it (ISO 8601 in UTC), which MySQL's DATETIME refuses with a warning.
const ISO_TIMESTAMP = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)Z$/;

/**
 * One seed value in the COPY text format PostgreSQL's `COPY ... FROM STDIN` and MySQL's `LOAD DATA` (with
 * their default escapes) both read: NULL as `\N`, a boolean as `t`/`f` (PostgreSQL) or `1`/`0` (MySQL, whose
 * BOOLEAN is a TINYINT), a number as JavaScript prints it, text escaped; for MySQL a timestamp column's
 * `YYYY-MM-DDTHH:MM:SSZ` as `YYYY-MM-DD HH:MM:SS` (a DATETIME takes no zone: the value is UTC).
 * @example seedCopyValue('mysql', true, false) // "1"
 */
export function seedCopyValue(dialect: Exclude<SqlDialect, 'sqlite'>, value: SeedValue, timestamp: boolean): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return dialect === 'postgres' ? (value ? 't' : 'f') : value ? '1' : '0';
  if (typeof value === 'number') return copyValue(value);
  if (timestamp && dialect === 'mysql') {
    const match = ISO_TIMESTAMP.exec(value);
    if (match) return `${match[1]} ${match[2]}`;
  }
  return copyValue(value);
}

/**
 * Rows of seed values as COPY text lines (each ended by a line feed), for one `COPY` or `LOAD DATA` chunk;
 * `timestamps[c]` says whether column c is a timestamp.
 * @example seedCopyText('postgres', [[1, null, true]], [false, false, false]) // "1\t\\N\tt\n"
 */
export function seedCopyText(
  dialect: Exclude<SqlDialect, 'sqlite'>,
  rows: readonly (readonly SeedValue[])[],
  timestamps: readonly boolean[],
): string {
  let text = '';
  for (const row of rows) {
    for (let c = 0; c < row.length; c++) {
      if (c > 0) text += '\t';
      text += seedCopyValue(dialect, row[c], timestamps[c]);
    }
    text += '\n';
  }
  return text;
}

/**
 * A row of seed values as SQLite binds them: booleans as 1 and 0 (better-sqlite3 binds no boolean; SQLite
 * stores BOOLEAN as those integers), every other value as it is.
 * @example sqliteSeedRow([true, 'a', null]) // [1, "a", null]
 */
export function sqliteSeedRow(row: readonly SeedValue[]): (string | number | null)[] {
  return row.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
}
