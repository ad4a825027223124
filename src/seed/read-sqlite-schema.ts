import type BetterSqlite3 from 'better-sqlite3';
import { byCodeUnit } from '../code-unit-order.js';
import {
  type ColumnInfo,
  type DatabaseSchema,
  type ForeignKeyInfo,
  textLength,
  typeFamily,
} from './database-schema.js';

interface XInfo {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
  hidden: number;
}

/**
 * Reads the tables of an open SQLite database with its PRAGMAs
 * (`table_xinfo`, `foreign_key_list`, `index_list`, `index_info`). A lone
 * `INTEGER PRIMARY KEY` is the rowid, which SQLite fills: `generated`, as
 * generated columns (hidden 2 and 3) are.
 * @example readSqliteSchema(new Database('crm.db')).tables.map((t) => t.name)
 */
export function readSqliteSchema(db: BetterSqlite3.Database): DatabaseSchema {
  const names = (
    db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
      .all() as {
      name: string;
    }[]
  )
    .map((row) => row.name)
    .sort(byCodeUnit);
  const tables = names.map((name) => {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const info = (db.prepare(`PRAGMA table_xinfo(${quoted})`).all() as XInfo[]).filter((c) => c.hidden !== 1);
    const keyColumns = info.filter((c) => c.pk > 0);
    const uniques = new Set<string>();
    for (const index of db.prepare(`PRAGMA index_list(${quoted})`).all() as { name: string; unique: number }[]) {
      if (index.unique !== 1) continue;
      const parts = db.prepare(`PRAGMA index_info("${index.name.replaceAll('"', '""')}")`).all() as { name: string }[];
      if (parts.length === 1) uniques.add(parts[0].name);
    }
    const columns: ColumnInfo[] = info.map((c) => {
      const type = c.type.toLowerCase();
      const rowid = keyColumns.length === 1 && c.pk === 1 && type === 'integer';
      return {
        name: c.name,
        type,
        family: typeFamily(type),
        notNull: c.notnull === 1,
        hasDefault: c.dflt_value !== null,
        generated: rowid || c.hidden === 2 || c.hidden === 3,
        primaryKey: c.pk > 0,
        unique: uniques.has(c.name) || (keyColumns.length === 1 && c.pk === 1),
        maxLength: textLength(type),
      };
    });
    const byId = new Map<number, { table: string; from: string[]; to: string[] }>();
    for (const fk of db.prepare(`PRAGMA foreign_key_list(${quoted})`).all() as {
      id: number;
      seq: number;
      table: string;
      from: string;
      to: string | null;
    }[]) {
      const entry = byId.get(fk.id) ?? { table: fk.table, from: [], to: [] };
      entry.from[fk.seq] = fk.from;
      // A reference without its columns names the parent's primary key.
      entry.to[fk.seq] = fk.to ?? primaryKeyOf(db, fk.table)[fk.seq] ?? '';
      byId.set(fk.id, entry);
    }
    const foreignKeys: ForeignKeyInfo[] = [...byId.keys()]
      .sort((a, b) => a - b)
      .map((id) => {
        const fk = byId.get(id) as { table: string; from: string[]; to: string[] };
        return { columns: fk.from, refTable: fk.table, refColumns: fk.to };
      });
    return { name, columns, foreignKeys };
  });
  return { dialect: 'sqlite', tables };
}

function primaryKeyOf(db: BetterSqlite3.Database, table: string): string[] {
  const info = db.prepare(`PRAGMA table_info("${table.replaceAll('"', '""')}")`).all() as {
    name: string;
    pk: number;
  }[];
  return info
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
}
