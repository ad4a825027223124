import { quoteIdentifier, quoteTable, type SqlDialect } from '../records/columns/sql-dialect.js';
import type { ColumnRule } from './column-rule.js';
import type { TypeFamily } from './database-schema.js';
import { mayBeMissing, recordFieldFamily } from './kind-fields.js';
import type { SchemaTablePlan } from './schema-file-plan.js';

// Per family, its column type per dialect; text in MySQL is VARCHAR(255) so that it can be a key, as the loads do.
const SQL_TYPES: Readonly<Record<Exclude<TypeFamily, 'decimal' | 'other'>, Readonly<Record<SqlDialect, string>>>> = {
  text: { postgres: 'TEXT', mysql: 'VARCHAR(255)', sqlite: 'TEXT' },
  uuid: { postgres: 'UUID', mysql: 'CHAR(36)', sqlite: 'TEXT' },
  integer: { postgres: 'BIGINT', mysql: 'BIGINT', sqlite: 'INTEGER' },
  float: { postgres: 'DOUBLE PRECISION', mysql: 'DOUBLE', sqlite: 'REAL' },
  date: { postgres: 'DATE', mysql: 'DATE', sqlite: 'DATE' },
  timestamp: { postgres: 'TIMESTAMPTZ', mysql: 'DATETIME', sqlite: 'TIMESTAMP' },
  boolean: { postgres: 'BOOLEAN', mysql: 'BOOLEAN', sqlite: 'BOOLEAN' },
};

/** The SQL type of a column filled by `rule` (a reference takes its target's type). */
function columnType(
  dialect: SqlDialect,
  rule: ColumnRule,
  plans: ReadonlyMap<string, SchemaTablePlan>,
  seen: number,
): string {
  switch (rule.rule) {
    case 'reference': {
      const target = plans.get(rule.table)?.columns.find((c) => c.column === rule.column);
      // A chain of references ends at a column with a rule of its own; a loop of them (refused by the plan) is text.
      return target === undefined || seen > plans.size
        ? SQL_TYPES.text[dialect]
        : columnType(dialect, target.rule, plans, seen + 1);
    }
    case 'field':
      return familyType(dialect, recordFieldFamily(rule.record, rule.field) ?? 'text');
    case 'key':
      return SQL_TYPES[rule.form === 'uuid' ? 'uuid' : 'integer'][dialect];
    case 'integer':
      return SQL_TYPES.integer[dialect];
    case 'decimal':
      return `NUMERIC(${Math.max(18, rule.scale + 1)}, ${rule.scale})`;
    case 'date':
    case 'timestamp':
    case 'boolean':
      return SQL_TYPES[rule.rule][dialect];
    case 'after':
      return SQL_TYPES[rule.form][dialect];
    default:
      return SQL_TYPES.text[dialect];
  }
}

function familyType(dialect: SqlDialect, family: TypeFamily): string {
  if (family === 'decimal') return 'NUMERIC(18, 6)';
  return SQL_TYPES[family === 'other' ? 'text' : family][dialect];
}

/**
 * The CREATE TABLE of a schema file's table: its columns in order with
 * their types (a reference takes its target's), NOT NULL unless the column
 * may be NULL (a child's phone and e-mail) or
 * has a NULL share or is the `null` rule, the primary key, and a FOREIGN
 * KEY per reference. The tables are created parents first, so every
 * foreign key's table exists.
 * @example schemaTableSql('postgres', plan.tables[1], new Map(plan.tables.map((t) => [t.table, t])))
 */
export function schemaTableSql(
  dialect: SqlDialect,
  table: SchemaTablePlan,
  plans: ReadonlyMap<string, SchemaTablePlan>,
): string {
  const quote = (name: string): string => quoteIdentifier(dialect, name);
  const lines = table.columns.map((c) => {
    const nullable =
      c.nulls > 0 || c.rule.rule === 'null' || (c.rule.rule === 'field' && mayBeMissing(c.rule.record, c.rule.field));
    return `  ${quote(c.column)} ${columnType(dialect, c.rule, plans, 0)}${nullable ? '' : ' NOT NULL'}`;
  });
  if (table.primaryKey !== undefined) lines.push(`  PRIMARY KEY (${quote(table.primaryKey)})`);
  for (const c of table.columns)
    if (c.rule.rule === 'reference')
      lines.push(
        `  FOREIGN KEY (${quote(c.column)}) REFERENCES ${quoteTable(dialect, c.rule.table)} (${quote(c.rule.column)})`,
      );
  return `CREATE TABLE ${quoteTable(dialect, table.table)} (\n${lines.join(',\n')}\n)`;
}
