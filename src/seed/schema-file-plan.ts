import type { ColumnInfo, ForeignKeyInfo, TableInfo, TypeFamily } from './database-schema.js';
import type { ColumnChoice, ColumnRule, RecordSource } from './column-rule.js';
import { recordFieldFamily, recordFieldNames } from './kind-fields.js';
import { afterRuleProblem } from './map-column.js';
import { parseColumnRule } from './parse-column-rule.js';
import { ruleText } from './plan-text.js';
import { SeedError } from './seed-error.js';
import type { TablePlan } from './seed-plan.js';
import type { SeedCount, SeedSchema, SeedTableKind } from './seed-schema.js';
import { insertOrder } from './table-order.js';

const KINDS: readonly SeedTableKind[] = ['person', 'address', 'company', 'household', 'member', 'employee', 'plain'];
const SOURCE: Readonly<Record<SeedTableKind, RecordSource | 'plain'>> = {
  person: 'person',
  address: 'person',
  company: 'company',
  household: 'household',
  member: 'member',
  employee: 'employee',
  plain: 'plain',
};

/**
 * Largest count of a schema file's table, and of a per-parent range's `max`.
 * @example MAX_TABLE_ROWS // 1_000_000_000
 */
export const MAX_TABLE_ROWS = 1_000_000_000;
/** Largest `max` of a per-parent range. */
export const MAX_PER_PARENT = 1000;

/**
 * A table of a schema file's plan: the columns' rules with the table's kind, count and primary key.
 * @example plan.tables[0].count // 100
 */
export interface SchemaTablePlan extends TablePlan {
  readonly kind: SeedTableKind;
  /** undefined for a `member` table: its households' sizes. */
  readonly count: SeedCount | undefined;
  readonly primaryKey: string | undefined;
}

/**
 * Where in the schema file a table or a column is written, for messages:
 * `FILE:LINE: ` when the file is JSON text, `FILE: ` otherwise.
 */
type Locate = (table?: string, column?: string) => string;

/**
 * The line of a table's (and column's) key in a JSON schema file: the first
 * `"table"` after `"tables"`, then the first `"column"` after it.
 * @example jsonLocator('crm.json', text)('contacts', 'email') // "crm.json:14: "
 */
export function jsonLocator(file: string, text: string): Locate {
  const lineAt = (at: number): number => text.slice(0, at).split('\n').length;
  return (table, column) => {
    let at = text.indexOf('"tables"');
    if (table !== undefined && at >= 0) {
      const found = text.indexOf(JSON.stringify(table), at);
      at = found >= 0 ? found : at;
      if (column !== undefined) {
        const columnAt = text.indexOf(JSON.stringify(column), at);
        at = columnAt >= 0 ? columnAt : at;
      }
    }
    return at >= 0 ? `${file}:${lineAt(at)}: ` : `${file}: `;
  };
}

function checkCount(count: unknown, where: string, table: string): SeedCount {
  const whole = (n: unknown, max: number): n is number =>
    Number.isSafeInteger(n) && (n as number) >= 0 && (n as number) <= max;
  if (typeof count === 'number') {
    if (!whole(count, MAX_TABLE_ROWS))
      throw new SeedError(
        'invalid_count',
        `${where}table ${table}: count must be a whole number from 0 to ${MAX_TABLE_ROWS}, got ${count}`,
      );
    return count;
  }
  if (typeof count === 'object' && count !== null) {
    const { per, min, max } = count as Record<string, unknown>;
    if (typeof per !== 'string' || !whole(min, MAX_PER_PARENT) || !whole(max, MAX_PER_PARENT) || min > max)
      throw new SeedError(
        'invalid_count',
        `${where}table ${table}: a per-parent count is { "per": TABLE, "min": N, "max": M } with whole numbers 0 <= N <= M <= ${MAX_PER_PARENT}, got ${JSON.stringify(count)}`,
      );
    return { per, min, max };
  }
  throw new SeedError(
    'invalid_count',
    `${where}table ${table}: count must be a number or { "per": TABLE, "min": N, "max": M }, got ${JSON.stringify(count)}`,
  );
}

/** A column's text as its rule: a field of the table's record (with `?SHARE`), a reference, or a generic rule. */
function columnRule(text: string, where: string, source: RecordSource | 'plain'): { rule: ColumnRule; nulls: number } {
  const reference = /^->\s*([^.\s]+)\.(\S+)$/.exec(text);
  if (reference) return { rule: { rule: 'reference', table: reference[1], column: reference[2] }, nulls: 0 };
  const field = /^([A-Za-z][A-Za-z0-9]*)(?:\?(.*))?$/.exec(text);
  if (field && source !== 'plain' && recordFieldFamily(source, field[1]) !== undefined) {
    const nulls = field[2] === undefined ? 0 : Number(field[2]);
    if (!(nulls >= 0 && nulls <= 1))
      throw new SeedError(
        'invalid_rule',
        `${where}${JSON.stringify(text)} has a NULL share that is not a number from 0 to 1`,
      );
    return { rule: { rule: 'field', record: source, field: field[1] }, nulls };
  }
  if (field && !['sequence', 'uuid', 'null', 'database'].includes(field[1]))
    throw new SeedError(
      'invalid_rule',
      source === 'plain'
        ? `${where}${JSON.stringify(text)}: a plain table has no fields; name a rule (int:1..5, pick:a,b, ...) or a reference (-> TABLE.COLUMN)`
        : `${where}${JSON.stringify(text)} is not a field of ${source} records; its fields: ${recordFieldNames(source).join(', ')}`,
    );
  return parseColumnRule(text, where.replace(/: $/, ''), source === 'plain' ? 'person' : source);
}

/** The column family a rule's values have, for a reference's target check and the created table's types. */
function ruleFamily(rule: ColumnRule): TypeFamily {
  switch (rule.rule) {
    case 'field':
      return recordFieldFamily(rule.record, rule.field) ?? 'text';
    case 'key':
      return rule.form === 'uuid' ? 'uuid' : 'integer';
    case 'integer':
      return 'integer';
    case 'decimal':
      return 'decimal';
    case 'date':
      return 'date';
    case 'timestamp':
      return 'timestamp';
    case 'boolean':
      return 'boolean';
    case 'after':
      return rule.form;
    default:
      return 'text';
  }
}

/**
 * Checks a schema file (parsed JSON, or a TypeScript file's `defineSchema`
 * value) and plans it: each table's kind, count and columns' rules, the
 * tables parents first. Refuses with a SeedError naming the file, line
 * (JSON) and table: a table without a kind or columns, an unknown kind, a
 * field of another kind, a rule that does not parse, a reference to a
 * table or column not in the file, a per-parent count without a reference
 * to its parent or that cannot be met, a cycle of references.
 * @example planSchemaFile(JSON.parse(text), jsonLocator('crm.json', text))
 */
export function planSchemaFile(value: unknown, locate: Locate): { readonly tables: readonly SchemaTablePlan[] } {
  const tables = (value as SeedSchema | undefined)?.tables;
  if (typeof tables !== 'object' || tables === null || Array.isArray(tables) || Object.keys(tables).length === 0)
    throw new SeedError(
      'invalid_schema',
      `${locate()}a schema file is an object with "tables": { NAME: { "kind": ..., "columns": { ... } } }, one table at least`,
    );
  const plans = new Map<string, SchemaTablePlan>();
  const infos: TableInfo[] = [];
  for (const [name, table] of Object.entries(tables)) {
    const where = locate(name);
    if (typeof table !== 'object' || table === null)
      throw new SeedError('invalid_schema', `${where}table ${name} must be an object with "kind" and "columns"`);
    if (!KINDS.includes(table.kind))
      throw new SeedError(
        'invalid_schema',
        `${where}table ${name}: kind must be one of ${KINDS.join(', ')}, got ${JSON.stringify(table.kind)}`,
      );
    const source = SOURCE[table.kind];
    if (typeof table.columns !== 'object' || table.columns === null || Object.keys(table.columns).length === 0)
      throw new SeedError(
        'invalid_schema',
        `${where}table ${name}: "columns" must name one column at least, as "column": "field or rule"`,
      );
    if (table.kind === 'member' && table.count !== undefined)
      throw new SeedError(
        'invalid_count',
        `${where}table ${name}: a member table's rows are its households' people (1 to 7 each), so it takes no count`,
      );
    if (table.kind !== 'member' && table.count === undefined)
      throw new SeedError(
        'invalid_count',
        `${where}table ${name}: count is missing (a number, or { "per": TABLE, "min": N, "max": M })`,
      );
    const count = table.count === undefined ? undefined : checkCount(table.count, where, name);
    const columns: (ColumnChoice & { nulls: number })[] = [];
    for (const [column, text] of Object.entries(table.columns)) {
      if (typeof text !== 'string')
        throw new SeedError(
          'invalid_rule',
          `${locate(name, column)}table ${name}, column ${column}: a field or rule is text, got ${JSON.stringify(text)}`,
        );
      const parsed = columnRule(text, `${locate(name, column)}table ${name}, column ${column}: `, source);
      columns.push({ column, rule: parsed.rule, why: 'named in the schema file', nulls: parsed.nulls });
    }
    const primaryKey = table.primaryKey ?? (Object.hasOwn(table.columns, 'id') ? 'id' : undefined);
    if (primaryKey !== undefined && !Object.hasOwn(table.columns, primaryKey))
      throw new SeedError(
        'unknown_column',
        `${where}table ${name}: primaryKey ${JSON.stringify(primaryKey)} is not one of its columns`,
      );
    plans.set(name, { table: name, source, kind: table.kind, count, primaryKey, columns });
  }
  for (const plan of plans.values()) {
    const foreignKeys: ForeignKeyInfo[] = [];
    for (const choice of plan.columns) {
      if (choice.rule.rule !== 'reference') continue;
      const where = `${locate(plan.table, choice.column)}table ${plan.table}, column ${choice.column}: `;
      const parent = plans.get(choice.rule.table);
      if (parent === undefined)
        throw new SeedError(
          'unknown_table',
          `${where}references ${choice.rule.table}, which is not a table of the file (its tables: ${[...plans.keys()].join(', ')})`,
        );
      if (!parent.columns.some((c) => c.column === (choice.rule as { column: string }).column))
        throw new SeedError(
          'unknown_column',
          `${where}references ${choice.rule.table}.${choice.rule.column}, which is not a column of ${choice.rule.table} (its columns: ${parent.columns.map((c) => c.column).join(', ')})`,
        );
      foreignKeys.push({ columns: [choice.column], refTable: choice.rule.table, refColumns: [choice.rule.column] });
    }
    for (const choice of plan.columns) {
      if (choice.rule.rule !== 'after') continue;
      const parent = plans.get(choice.rule.table);
      const target = parent?.columns.find((c) => c.column === (choice.rule as { column: string }).column);
      const problem = afterRuleProblem(
        choice.rule,
        foreignKeys.map((fk) => fk.refTable),
        parent?.columns.map((c) => c.column),
        target === undefined ? undefined : ruleFamily(target.rule),
      );
      if (problem !== undefined)
        throw new SeedError(
          'invalid_rule',
          `${locate(plan.table, choice.column)}table ${plan.table}, column ${choice.column}: ${ruleText(choice.rule)} ${problem}`,
        );
    }
    const count = plan.count;
    if (typeof count === 'object') {
      const where = locate(plan.table);
      if (!plans.has(count.per))
        throw new SeedError(
          'unknown_table',
          `${where}table ${plan.table}: count per ${count.per}, which is not a table of the file`,
        );
      if (!foreignKeys.some((fk) => fk.refTable === count.per))
        throw new SeedError(
          'invalid_count',
          `${where}table ${plan.table}: a count per ${count.per} needs a column referencing it (such as "${count.per}_id": "-> ${count.per}.id")`,
        );
      const parentCount = plans.get(count.per)?.count;
      if (count.min > 0 && parentCount === 0)
        throw new SeedError(
          'invalid_count',
          `${where}table ${plan.table}: at least ${count.min} per ${count.per} cannot be met: ${count.per} has count 0`,
        );
    }
    if (plan.kind === 'member' && !foreignKeys.some((fk) => plans.get(fk.refTable)?.kind === 'household'))
      throw new SeedError(
        'invalid_schema',
        `${locate(plan.table)}table ${plan.table}: a member table needs a column referencing a household table (such as "household_id": "-> households.id")`,
      );
    const columns: ColumnInfo[] = plan.columns.map((c) => ({
      name: c.column,
      type: ruleFamily(c.rule),
      family: ruleFamily(c.rule),
      notNull: c.nulls === 0 && c.rule.rule !== 'null',
      hasDefault: false,
      generated: false,
      primaryKey: c.column === plan.primaryKey,
      unique: c.column === plan.primaryKey,
    }));
    infos.push({ name: plan.table, columns, foreignKeys });
  }
  let order: TableInfo[];
  try {
    order = insertOrder(infos);
  } catch (error) {
    if (error instanceof SeedError) throw new SeedError(error.code, `${locate()}${error.message}`);
    throw error;
  }
  return { tables: order.map((info) => plans.get(info.name) as SchemaTablePlan) };
}

/**
 * Parses a JSON schema file's text; a syntax error is a SeedError
 * (`invalid_schema`) naming the file, line and column.
 * @example parseSchemaJson('{"tables": {}}', 'crm.json') // { tables: {} }
 */
export function parseSchemaJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const at = position ? Number(position[1]) : text.length;
    const before = text.slice(0, at).split('\n');
    const reason = message.replace(/ in JSON at position \d+.*$/s, '').replace(/^JSON\.parse: /, '');
    throw new SeedError(
      'invalid_schema',
      `${file}:${before.length}:${(before.at(-1)?.length ?? 0) + 1}: the schema file is not valid JSON: ${reason}`,
    );
  }
}
