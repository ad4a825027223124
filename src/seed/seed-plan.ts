import type { SqlDialect } from '../records/columns/sql-dialect.js';
import type { ColumnChoice, RecordSource } from './column-rule.js';
import type { ColumnInfo, DatabaseSchema, TableInfo, TypeFamily } from './database-schema.js';
import { afterRuleProblem, chooseColumnRule, ruleProblem } from './map-column.js';
import { parseColumnRule } from './parse-column-rule.js';
import { tableSource } from './record-source.js';
import { SeedError } from './seed-error.js';
import { insertOrder, requiredReference } from './table-order.js';

/**
 * How one table is filled: whose records its rows are, and each column's
 * rule with why (a column of `nulls` > 0 is NULL in that share of rows).
 * @example plan.tables[0].columns.map((c) => c.column)
 */
export interface TablePlan {
  readonly table: string;
  /** Whose records the rows are; `plain` for a schema file's table of generic columns only. */
  readonly source: RecordSource | 'plain';
  /** `notNull`: the column refuses NULL (a field a record may lack, a child's e-mail, is then empty text). */
  readonly columns: readonly (ColumnChoice & { readonly nulls: number; readonly notNull?: boolean })[];
}

/**
 * The plan of a seed: the tables in insert order (parents first).
 * @example buildSeedPlan(schema, { tables: ['companies', 'contacts'] }).tables.map((t) => t.table)
 */
export interface SeedPlan {
  readonly dialect: SqlDialect;
  readonly tables: readonly TablePlan[];
}

/**
 * What a plan is asked for: the tables (default every table of the
 * schema), and rules named for columns (`table.column` -> rule text, as
 * `--set table.column=RULE` gives them).
 * @example const options: SeedPlanOptions = { tables: ['contacts'], set: { 'contacts.tier': 'pick:gold,silver' } }
 */
export interface SeedPlanOptions {
  readonly tables?: readonly string[];
  readonly set?: Readonly<Record<string, string>>;
}

/** A rule of each column family, for the message that asks for one: together, a line the user can paste and edit. */
const EXAMPLE_RULES: Readonly<Record<TypeFamily, string>> = {
  text: 'pick:A,B,C',
  integer: 'int:1..100',
  decimal: 'decimal:0.00..100.00',
  float: 'decimal:0.00..100.00',
  boolean: 'bool:0.5',
  date: 'date:2021-01-01..2025-12-31',
  timestamp: 'timestamp:2021-01-01T00:00:00Z..2025-12-31T23:59:59Z',
  uuid: 'uuid',
  other: 'const:VALUE',
};

/**
 * Plans a seed of existing tables: checks every name, orders the tables
 * parents first, and chooses each column's rule (a `set` rule, else by its
 * name, type and constraints: see `chooseColumnRule`). Refuses up front,
 * with a SeedError and nothing written: an unknown table or column, a rule
 * that does not parse, a cycle of NOT NULL references, and NOT NULL
 * columns without a default that nothing fits (all of them listed, with
 * how to name a rule for each).
 * @example buildSeedPlan(await readSchema(target), { tables: ['companies', 'contacts'] })
 */
export function buildSeedPlan(schema: DatabaseSchema, options: SeedPlanOptions = {}): SeedPlan {
  const byName = new Map(schema.tables.map((t) => [t.name, t]));
  const known = (): string => [...byName.keys()].join(', ') || '(none)';
  const chosen = options.tables ?? [...byName.keys()];
  for (const name of chosen)
    if (!byName.has(name))
      throw new SeedError('unknown_table', `no table ${JSON.stringify(name)} in the database; its tables: ${known()}`);
  const tables = [...new Set(chosen)].map((name) => byName.get(name) as TableInfo);
  const set = new Map<string, { rule: ReturnType<typeof parseColumnRule>; table: string; column: string }>();
  for (const [target, text] of Object.entries(options.set ?? {})) {
    const dot = target.indexOf('.');
    const tableName = target.slice(0, dot);
    const columnName = target.slice(dot + 1);
    const table = tables.find((t) => t.name === tableName);
    if (dot < 0 || table === undefined)
      throw new SeedError(
        'unknown_table',
        `--set ${target}: name a column as TABLE.COLUMN of a table being seeded (${tables.map((t) => t.name).join(', ')})`,
      );
    if (!table.columns.some((c) => c.name === columnName))
      throw new SeedError(
        'unknown_column',
        `--set ${target}: table ${tableName} has no column ${JSON.stringify(columnName)}; its columns: ${table.columns.map((c) => c.name).join(', ')}`,
      );
    const column = table.columns.find((c) => c.name === columnName) as ColumnInfo;
    const parsed = parseColumnRule(text, `--set ${target}`, tableSource(table));
    const after = parsed.rule.rule === 'after' ? parsed.rule : undefined;
    const parent = after && tables.find((t) => t.name === after.table);
    const problem =
      ruleProblem(parsed.rule, column) ??
      (after &&
        afterRuleProblem(
          after,
          table.foreignKeys.map((fk) => fk.refTable),
          parent?.columns.map((c) => c.name),
          parent?.columns.find((c) => c.name === after.column)?.family,
        ));
    if (problem !== undefined) throw new SeedError('invalid_rule', `--set ${target}=${text} ${problem}`);
    set.set(target, { rule: parsed, table: tableName, column: columnName });
  }
  const ordered = insertOrder(tables);
  const position = new Map(ordered.map((t, i) => [t.name, i]));
  const unfillable: { readonly name: string; readonly family: TypeFamily }[] = [];
  const plans = ordered.map((table): TablePlan => {
    const source = tableSource(table);
    const columns = table.columns.flatMap((column): TablePlan['columns'][number][] => {
      const named = set.get(`${table.name}.${column.name}`);
      if (named !== undefined)
        return [{ column: column.name, ...named.rule, why: 'named with --set', notNull: column.notNull }];
      const choice = chooseColumnRule(table, column, source);
      if (choice === undefined) {
        unfillable.push({ name: `${table.name}.${column.name} (${column.type})`, family: column.family });
        return [];
      }
      if (choice.rule.rule === 'reference') {
        const parent = position.get(choice.rule.table);
        const fk = table.foreignKeys.find((f) => f.columns.includes(column.name));
        // A nullable reference to the table itself, or to a table inserted later (a cycle), is left NULL.
        if (
          parent !== undefined &&
          parent >= (position.get(table.name) ?? 0) &&
          fk &&
          !requiredReference(table, fk.columns)
        )
          return [
            {
              column: column.name,
              rule: { rule: 'null' as const },
              why:
                choice.rule.table === table.name
                  ? 'nullable reference to its own table: NULL'
                  : `nullable reference to ${choice.rule.table}, inserted later: NULL`,
              nulls: 0,
            },
          ];
        if (parent === undefined)
          return [{ ...choice, why: `${choice.why}: one of its existing rows`, nulls: 0, notNull: column.notNull }];
      }
      return [{ ...choice, nulls: 0, notNull: column.notNull }];
    });
    return { table: table.name, source, columns };
  });
  if (unfillable.length > 0)
    throw new SeedError(
      'unfillable_columns',
      `${unfillable.length === 1 ? 'a NOT NULL column' : `${unfillable.length} NOT NULL columns`} without a default that no field or rule fits: ${unfillable.map((u) => u.name).join(', ')}; name a rule for each with --set TABLE.COLUMN=RULE or in the schema file, such as: ${unfillable.map((u) => `--set ${u.name.split(' ')[0]}=${EXAMPLE_RULES[u.family]}`).join(' ')}`,
    );
  return { dialect: schema.dialect, tables: plans };
}
