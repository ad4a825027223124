import { byCodeUnit } from '../code-unit-order.js';
import {
  type ColumnInfo,
  type DatabaseSchema,
  type ForeignKeyInfo,
  textLength,
  typeFamily,
} from './database-schema.js';

/**
 * Runs one query and gives its rows (a `pg` client's `query(...).then((r) => r.rows)`).
 * @example const query: SchemaQuery = (sql, params) => client.query(sql, params).then((r) => r.rows)
 */
export type SchemaQuery = (sql: string, params: readonly unknown[]) => Promise<Record<string, unknown>[]>;

// Three catalogue queries for the whole schema, whatever its number of tables (a 50-table plan in one round trip each).
const COLUMNS = `
SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
       a.atthasdef AND d.adbin IS NOT NULL AND pg_get_expr(d.adbin, d.adrelid) NOT LIKE 'nextval(%' AS has_default,
       a.attidentity <> '' OR a.attgenerated <> '' OR coalesce(pg_get_expr(d.adbin, d.adrelid) LIKE 'nextval(%', false) AS generated
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')
ORDER BY c.relname, a.attnum`;

const CONSTRAINTS = `
SELECT c.relname AS table, k.contype AS kind, k.conname AS name,
       (SELECT array_agg(a.attname ORDER BY u.ord) FROM unnest(k.conkey) WITH ORDINALITY u(num, ord)
          JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.num) AS columns,
       f.relname AS ref_table,
       (SELECT array_agg(a.attname ORDER BY u.ord) FROM unnest(k.confkey) WITH ORDINALITY u(num, ord)
          JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.num) AS ref_columns
FROM pg_constraint k
JOIN pg_class c ON c.oid = k.conrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_class f ON f.oid = k.confrelid
WHERE n.nspname = $1 AND k.contype IN ('p', 'u', 'f')
ORDER BY c.relname, k.conname`;

const UNIQUE_INDEXES = `
SELECT c.relname AS table, a.attname AS column
FROM pg_index i
JOIN pg_class c ON c.oid = i.indrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
WHERE n.nspname = $1 AND i.indisunique AND i.indnatts = 1 AND i.indpred IS NULL`;

function names(value: unknown): string[] {
  // node-postgres parses name[] as an array; a driver without that type parser gives '{a,b}'.
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string')
    return value
      .replace(/^\{|\}$/g, '')
      .split(',')
      .filter((s) => s !== '');
  return [];
}

/**
 * Reads the tables of one PostgreSQL schema (default `public`) from the
 * catalogue: columns with their types, NOT NULL, defaults (a serial's
 * `nextval` default, identity and generated columns are `generated`),
 * primary, unique and foreign keys.
 * @example await readPostgresSchema((sql, params) => client.query(sql, [...params]).then((r) => r.rows))
 */
export async function readPostgresSchema(query: SchemaQuery, schema = 'public'): Promise<DatabaseSchema> {
  // One after another: a connection runs one query at a time (pg 9 refuses queued queries).
  const columnRows = await query(COLUMNS, [schema]);
  const constraintRows = await query(CONSTRAINTS, [schema]);
  const uniqueRows = await query(UNIQUE_INDEXES, [schema]);
  const primary = new Set<string>();
  const unique = new Set<string>();
  const foreignKeys = new Map<string, ForeignKeyInfo[]>();
  for (const row of constraintRows) {
    const table = String(row.table);
    const columns = names(row.columns);
    if (row.kind === 'p') for (const column of columns) primary.add(`${table}.${column}`);
    if ((row.kind === 'p' || row.kind === 'u') && columns.length === 1) unique.add(`${table}.${columns[0]}`);
    if (row.kind === 'f') {
      const list = foreignKeys.get(table) ?? [];
      list.push({ columns, refTable: String(row.ref_table), refColumns: names(row.ref_columns) });
      foreignKeys.set(table, list);
    }
  }
  for (const row of uniqueRows) unique.add(`${row.table}.${row.column}`);
  const columns = new Map<string, ColumnInfo[]>();
  for (const row of columnRows) {
    const table = String(row.table);
    const name = String(row.column);
    const type = String(row.type).toLowerCase();
    const list = columns.get(table) ?? [];
    list.push({
      name,
      type,
      family: typeFamily(type),
      notNull: row.not_null === true,
      hasDefault: row.has_default === true,
      generated: row.generated === true,
      primaryKey: primary.has(`${table}.${name}`),
      unique: unique.has(`${table}.${name}`),
      maxLength: textLength(type),
    });
    columns.set(table, list);
  }
  return {
    dialect: 'postgres',
    tables: [...columns.keys()].sort(byCodeUnit).map((name) => ({
      name,
      columns: columns.get(name) ?? [],
      foreignKeys: foreignKeys.get(name) ?? [],
    })),
  };
}
