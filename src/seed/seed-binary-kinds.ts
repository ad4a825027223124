import type { ColumnRule } from './column-rule.js';
import type { PgBinaryKind } from './pg-binary-rows.js';

// The binary COPY kind of each PostgreSQL type (information_schema's data_type) the seed writes in binary.
const KINDS: Readonly<Record<string, PgBinaryKind>> = {
  text: 'text',
  'character varying': 'text',
  character: 'text',
  uuid: 'uuid',
  bigint: 'int8',
  numeric: 'numeric',
  'double precision': 'float8',
  boolean: 'bool',
  date: 'date',
  'timestamp with time zone': 'timestamp',
  'timestamp without time zone': 'timestamp',
};

// Record fields whose values are UUIDs (a person's `uuid`, a company's or household's `id`, a child's parent's).
const UUID_FIELDS: ReadonlySet<string> = new Set(['uuid', 'id', 'companyId', 'householdId']);

/** Whether every value of `rule` is one `kind` takes (a reference is its column's rule, resolved before). */
function takes(kind: PgBinaryKind, rule: ColumnRule): boolean {
  if (rule.rule === 'null') return true;
  switch (kind) {
    case 'text':
      return true;
    case 'uuid':
      return (rule.rule === 'key' && rule.form === 'uuid') || (rule.rule === 'field' && UUID_FIELDS.has(rule.field));
    case 'int8':
      return (rule.rule === 'key' && rule.form === 'sequence') || rule.rule === 'integer';
    case 'numeric':
      return (rule.rule === 'key' && rule.form === 'sequence') || rule.rule === 'integer' || rule.rule === 'decimal';
    case 'float8':
      return rule.rule === 'integer' || rule.rule === 'decimal';
    case 'bool':
      return rule.rule === 'boolean';
    case 'date':
      return rule.rule === 'date' || (rule.rule === 'after' && rule.form === 'date');
    case 'timestamp':
      return rule.rule === 'timestamp' || (rule.rule === 'after' && rule.form === 'timestamp');
  }
}

/**
 * The binary COPY kinds of a table's written columns, or undefined when one of them is not sure to take binary:
 * a type not in the list above, a rule whose values are not its type's (a constant into a UUID column), a
 * reference to rows the run did not make (an existing table's keys, keys the database filled). Those tables go in
 * COPY text, where the server parses (and refuses, with its own message) each value as before. `dataType` is a
 * column's information_schema data_type; `ruleOf` a seeded table's column's rule (undefined for any other).
 * @example pgBinaryKinds([{ name: 'id', rule: { rule: 'key', form: 'uuid' } }], () => 'uuid', () => undefined) // ["uuid"]
 */
export function pgBinaryKinds(
  columns: readonly { readonly name: string; readonly rule: ColumnRule }[],
  dataType: (column: string) => string | undefined,
  ruleOf: (table: string, column: string) => ColumnRule | undefined,
): PgBinaryKind[] | undefined {
  const kinds: PgBinaryKind[] = [];
  for (const column of columns) {
    const kind = KINDS[dataType(column.name) ?? ''];
    let rule: ColumnRule | undefined = column.rule;
    // A chain of references ends at a rule of the run's own; the count only guards against a cycle of them.
    for (let depth = 0; rule?.rule === 'reference' && depth < 16; depth++) rule = ruleOf(rule.table, rule.column);
    if (kind === undefined || rule === undefined || rule.rule === 'reference' || rule.rule === 'database')
      return undefined;
    if (!takes(kind, rule)) return undefined;
    kinds.push(kind);
  }
  return kinds;
}
