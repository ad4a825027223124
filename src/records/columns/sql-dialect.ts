/**
 * The databases `--to` loads and `--format sql --dialect` writes for.
 * @example const dialect: SqlDialect = 'postgres'
 */
export type SqlDialect = 'postgres' | 'mysql' | 'sqlite';

/**
 * The dialect names `--dialect` takes.
 * @example SQL_DIALECTS.join(', ') // "postgres, mysql, sqlite"
 */
export const SQL_DIALECTS: readonly SqlDialect[] = ['postgres', 'mysql', 'sqlite'];

/**
 * Checks a `--dialect` value.
 * @example isSqlDialect('mysql') // true
 */
export function isSqlDialect(name: string): name is SqlDialect {
  return (SQL_DIALECTS as readonly string[]).includes(name);
}

/**
 * One identifier quoted for a dialect: backticks for MySQL, double quotes
 * otherwise, so case and reserved words are kept. Names are checked
 * identifiers (letters, digits, `_`), so nothing inside needs escaping.
 * @example quoteIdentifier('mysql', 'order') // "`order`"
 */
export function quoteIdentifier(dialect: SqlDialect | 'portable', name: string): string {
  return dialect === 'mysql' ? '`' + name + '`' : '"' + name + '"';
}

/**
 * A checked, possibly schema-qualified table name quoted part by part.
 * @example quoteTable('postgres', 'public.customers') // '"public"."customers"'
 */
export function quoteTable(dialect: SqlDialect | 'portable', table: string): string {
  return table
    .split('.')
    .map((part) => quoteIdentifier(dialect, part))
    .join('.');
}

/**
 * The schema (or MySQL database, or SQLite attached database) and the bare name of a table.
 * @example splitTable('public.customers') // { schema: 'public', name: 'customers' }
 */
export function splitTable(table: string): { schema: string | undefined; name: string } {
  const dot = table.indexOf('.');
  return dot < 0 ? { schema: undefined, name: table } : { schema: table.slice(0, dot), name: table.slice(dot + 1) };
}
