import type { SqlDialect } from '../records/columns/sql-dialect.js';

/**
 * The type family of a column, from its declared SQL type: what a rule may
 * write into it (a field's text into `text`, a sequence into `integer`, ...).
 * @example const family: TypeFamily = 'timestamp'
 */
export type TypeFamily = 'text' | 'integer' | 'decimal' | 'float' | 'boolean' | 'date' | 'timestamp' | 'uuid' | 'other';

/**
 * One column of an existing table, as the database's catalogue describes it.
 * @example const column: ColumnInfo = { name: 'email', type: 'varchar(255)', family: 'text', notNull: true, hasDefault: false, generated: false, primaryKey: false, unique: true, maxLength: 255 }
 */
export interface ColumnInfo {
  readonly name: string;
  /** The declared type as the catalogue writes it, lower case (`character varying(255)`, `int`, `TEXT` -> `text`). */
  readonly type: string;
  readonly family: TypeFamily;
  readonly notNull: boolean;
  /** A DEFAULT expression (not an identity or auto-increment: see `generated`). */
  readonly hasDefault: boolean;
  /** Filled by the database itself: serial/identity (PostgreSQL), AUTO_INCREMENT (MySQL), an INTEGER PRIMARY KEY rowid (SQLite), a generated column. */
  readonly generated: boolean;
  /** Part of the primary key. */
  readonly primaryKey: boolean;
  /** Alone in a UNIQUE constraint or unique index (or the primary key's only column). */
  readonly unique: boolean;
  /** The longest text the column takes (varchar(n), char(n)); undefined when unbounded. */
  readonly maxLength?: number;
}

/**
 * A foreign key: `columns` of the table reference `refColumns` of `refTable`.
 * @example const fk: ForeignKeyInfo = { columns: ['company_id'], refTable: 'companies', refColumns: ['id'] }
 */
export interface ForeignKeyInfo {
  readonly columns: readonly string[];
  readonly refTable: string;
  readonly refColumns: readonly string[];
}

/**
 * One table: its columns in their order and its foreign keys.
 * @example const table: TableInfo = { name: 'contacts', columns: [], foreignKeys: [] }
 */
export interface TableInfo {
  readonly name: string;
  readonly columns: readonly ColumnInfo[];
  readonly foreignKeys: readonly ForeignKeyInfo[];
}

/**
 * The tables of a database (or of the part asked for), sorted by name in code-point order.
 * @example const schema: DatabaseSchema = { dialect: 'sqlite', tables: [] }
 */
export interface DatabaseSchema {
  readonly dialect: SqlDialect;
  readonly tables: readonly TableInfo[];
}

const FAMILIES: readonly [RegExp, TypeFamily][] = [
  [/^(uuid|uniqueidentifier)$/, 'uuid'],
  [/^(bool|boolean)$/, 'boolean'],
  [/^(tinyint\(1\))$/, 'boolean'],
  [/(timestamp|datetime)/, 'timestamp'],
  [/^date$/, 'date'],
  [/^(numeric|decimal)/, 'decimal'],
  [/^(real|float|double)/, 'float'],
  [/(int|serial)/, 'integer'],
  [/(char|text|clob|string|citext|enum)/, 'text'],
];

/**
 * The type family of a declared SQL type (PostgreSQL, MySQL or SQLite spelling; SQLite's affinity rules for the
 * names they cover). An unknown type is `other`: only a rule named for it fills it.
 * @example typeFamily('character varying(80)') // "text"
 */
export function typeFamily(type: string): TypeFamily {
  const t = type.trim().toLowerCase();
  if (t === 'double precision') return 'float';
  for (const [pattern, family] of FAMILIES) if (pattern.test(t)) return family;
  return 'other';
}

/**
 * The length limit of a declared text type (`varchar(255)` -> 255), or undefined.
 * @example textLength('character varying(32)') // 32
 */
export function textLength(type: string): number | undefined {
  const match = /char[a-z ]*\((\d+)\)/i.exec(type);
  return match ? Number(match[1]) : undefined;
}
