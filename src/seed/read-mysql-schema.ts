import { byCodeUnit } from '../code-unit-order.js';
import {
  type ColumnInfo,
  type DatabaseSchema,
  type ForeignKeyInfo,
  textLength,
  typeFamily,
} from './database-schema.js';
import type { SchemaQuery } from './read-postgres-schema.js';

// information_schema, three queries for the whole database; MySQL 8 and MariaDB both answer them.
const COLUMNS = `
SELECT TABLE_NAME AS tbl, COLUMN_NAME AS col, COLUMN_TYPE AS type, IS_NULLABLE AS nullable, COLUMN_DEFAULT AS dflt,
       EXTRA AS extra, COLUMN_KEY AS col_key
FROM information_schema.COLUMNS c
WHERE TABLE_SCHEMA = ? AND EXISTS (SELECT 1 FROM information_schema.TABLES t WHERE t.TABLE_SCHEMA = c.TABLE_SCHEMA
  AND t.TABLE_NAME = c.TABLE_NAME AND t.TABLE_TYPE = 'BASE TABLE')
ORDER BY TABLE_NAME, ORDINAL_POSITION`;

const KEYS = `
SELECT k.TABLE_NAME AS tbl, k.CONSTRAINT_NAME AS name, k.COLUMN_NAME AS col, k.ORDINAL_POSITION AS pos,
       k.REFERENCED_TABLE_NAME AS ref_tbl, k.REFERENCED_COLUMN_NAME AS ref_col, t.CONSTRAINT_TYPE AS kind
FROM information_schema.KEY_COLUMN_USAGE k
JOIN information_schema.TABLE_CONSTRAINTS t ON t.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA
  AND t.TABLE_NAME = k.TABLE_NAME AND t.CONSTRAINT_NAME = k.CONSTRAINT_NAME
WHERE k.TABLE_SCHEMA = ?
ORDER BY k.TABLE_NAME, k.CONSTRAINT_NAME, k.ORDINAL_POSITION`;

/**
 * Reads the tables of one MySQL or MariaDB database from
 * `information_schema`: columns with their types, NOT NULL, defaults
 * (AUTO_INCREMENT and generated columns are `generated`), primary, unique
 * and foreign keys.
 * @example await readMysqlSchema((sql, params) => db.query(sql, params).then(([rows]) => rows), 'crm')
 */
export async function readMysqlSchema(query: SchemaQuery, database: string): Promise<DatabaseSchema> {
  const columnRows = await query(COLUMNS, [database]);
  const keyRows = await query(KEYS, [database]);
  const constraints = new Map<
    string,
    { table: string; kind: string; columns: string[]; refTable: string; refColumns: string[] }
  >();
  for (const row of keyRows) {
    const id = `${row.tbl}\u0000${row.name}`;
    const entry = constraints.get(id) ?? {
      table: String(row.tbl),
      kind: String(row.kind),
      columns: [],
      refTable: row.ref_tbl === null ? '' : String(row.ref_tbl),
      refColumns: [],
    };
    entry.columns.push(String(row.col));
    if (row.ref_col !== null) entry.refColumns.push(String(row.ref_col));
    constraints.set(id, entry);
  }
  const primary = new Set<string>();
  const unique = new Set<string>();
  const foreignKeys = new Map<string, ForeignKeyInfo[]>();
  for (const c of constraints.values()) {
    if (c.kind === 'PRIMARY KEY') for (const column of c.columns) primary.add(`${c.table}.${column}`);
    if ((c.kind === 'PRIMARY KEY' || c.kind === 'UNIQUE') && c.columns.length === 1)
      unique.add(`${c.table}.${c.columns[0]}`);
    if (c.kind === 'FOREIGN KEY') {
      const list = foreignKeys.get(c.table) ?? [];
      list.push({ columns: c.columns, refTable: c.refTable, refColumns: c.refColumns });
      foreignKeys.set(c.table, list);
    }
  }
  const columns = new Map<string, ColumnInfo[]>();
  for (const row of columnRows) {
    const table = String(row.tbl);
    const name = String(row.col);
    const type = String(row.type).toLowerCase();
    const extra = String(row.extra ?? '').toLowerCase();
    const list = columns.get(table) ?? [];
    // MariaDB writes a column without a default as the text NULL where MySQL gives SQL NULL.
    const dflt = row.dflt === null || row.dflt === 'NULL' ? null : row.dflt;
    list.push({
      name,
      type,
      family: typeFamily(type),
      notNull: row.nullable === 'NO',
      hasDefault: dflt !== null,
      generated:
        extra.includes('auto_increment') ||
        extra.includes('generated') ||
        extra.includes('virtual') ||
        extra.includes('stored'),
      primaryKey: primary.has(`${table}.${name}`),
      unique: unique.has(`${table}.${name}`),
      maxLength: textLength(type),
    });
    columns.set(table, list);
  }
  return {
    dialect: 'mysql',
    tables: [...columns.keys()].sort(byCodeUnit).map((name) => ({
      name,
      columns: columns.get(name) ?? [],
      foreignKeys: foreignKeys.get(name) ?? [],
    })),
  };
}
