import { ADDRESS_FIELDS } from '../fields/field-catalogue.js';
import { copyValue } from '../records/formats/copy-text.js';
import type { SqlDialect } from '../records/columns/sql-dialect.js';
import type { ColumnRule } from './column-rule.js';
import type { SeedValue } from './generic-values.js';

// The characters COPY text gives a meaning (copy-text.ts escapes them).
const SPECIAL = /[\\\t\n\r]/;

// The fields of a person, an employee, a household member or a household made only of the data index's text,
// digits, spaces, unit words and a checked e-mail domain (as the address kind's records, which `--to` writes
// unescaped on the same condition), and the UUID: COPY text as they are when the index's text is plain
// (`DataIndex.jsonPlainText`). Not a company's (its name's words and NAICS title come from other tables) nor a title.
const INDEX_TEXT_FIELDS: ReadonlySet<string> = new Set([
  ...ADDRESS_FIELDS,
  'uuid',
  'firstName',
  'lastName',
  'line1',
  'line2',
]);
const INDEX_TEXT_RECORDS: ReadonlySet<string> = new Set(['person', 'employee', 'member', 'household']);
const UUID_FIELDS: ReadonlySet<string> = new Set(['id', 'companyId', 'householdId']);

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
 * `timestamps[c]` says whether column c is a timestamp, `plain[c]` (see {@link plainSeedRule}) that its values
 * need no escape and no change: written as they are (NULL and booleans as {@link seedCopyValue} writes them).
 * @example seedCopyText('postgres', [[1, null, true]], [false, false, false]) // "1\t\\N\tt\n"
 */
export function seedCopyText(
  dialect: Exclude<SqlDialect, 'sqlite'>,
  rows: readonly (readonly SeedValue[])[],
  timestamps: readonly boolean[],
  plain: readonly boolean[] = [],
): string {
  // MySQL's timestamps are rewritten (seedCopyValue), plain or not.
  const asIs = timestamps.map((timestamp, c) => plain[c] === true && !(timestamp && dialect === 'mysql'));
  let text = '';
  for (const row of rows) {
    for (let c = 0; c < row.length; c++) {
      if (c > 0) text += '\t';
      const value = row[c];
      text +=
        asIs[c] && value !== null && typeof value !== 'boolean' ? value : seedCopyValue(dialect, value, timestamps[c]);
    }
    text += '\n';
  }
  return text;
}

/**
 * Whether every value a column of this rule makes is COPY text as it is (no backslash, tab, line feed or carriage
 * return to escape): keys, numbers, dates, timestamps, booleans and NULLs, picks and constants whose texts hold none
 * of those characters, the address fields, names and UUID of a person, an employee, a member or a household when
 * `indexPlain` (the generators' data index holds no such character), and a reference to such a column of a seeded table (`column` finds its rule; undefined
 * for a table not seeded). Other catalogue fields and existing rows' keys are escaped as before.
 * @example plainSeedRule({ rule: 'pick', values: ['a', 'b\tc'], weights: [1, 1] }, () => undefined) // false
 */
export function plainSeedRule(
  rule: ColumnRule,
  column: (table: string, column: string) => ColumnRule | undefined,
  indexPlain = false,
  depth = 0,
): boolean {
  switch (rule.rule) {
    case 'field':
      // A record's `id` (and an employee's `companyId`, a member's `householdId`) is a UUID, whatever the index.
      if (UUID_FIELDS.has(rule.field)) return true;
      return indexPlain && INDEX_TEXT_RECORDS.has(rule.record) && INDEX_TEXT_FIELDS.has(rule.field);
    case 'key':
    case 'integer':
    case 'decimal':
    case 'date':
    case 'timestamp':
    case 'after':
    case 'boolean':
    case 'null':
      return true;
    case 'pick':
      return rule.values.every((value) => !SPECIAL.test(value));
    case 'constant':
      return !SPECIAL.test(rule.value);
    case 'reference': {
      // A chain of references ends at a key; the depth only guards against a cycle of them.
      const parent = column(rule.table, rule.column);
      return parent !== undefined && depth < 16 && plainSeedRule(parent, column, indexPlain, depth + 1);
    }
    default:
      return false;
  }
}

/**
 * A row of seed values as SQLite binds them: booleans as 1 and 0 (better-sqlite3 binds no boolean; SQLite
 * stores BOOLEAN as those integers), every other value as it is.
 * @example sqliteSeedRow([true, 'a', null]) // [1, "a", null]
 */
export function sqliteSeedRow(row: readonly SeedValue[]): (string | number | null)[] {
  return row.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
}
