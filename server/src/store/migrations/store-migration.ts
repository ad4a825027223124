import type { ColumnDataType, CreateTableBuilder, Kysely } from 'kysely';

/** The engines a store runs on: the embedded SQLite file, or PostgreSQL for a fleet. */
export type StoreEngine = 'sqlite' | 'postgres';

/** Column types by what a column holds: SQLite's integer is 64-bit, PostgreSQL needs bigint for ms and counts. */
export interface ColumnTypes {
  /** Epoch milliseconds. */
  epoch: ColumnDataType;
  /** Records and request counts (may pass 2^31). */
  count: ColumnDataType;
  /** Digests and sealed secrets. */
  bytes: ColumnDataType;
}

/**
 * The column types of each engine.
 * @example const t = COLUMN_TYPES[engine]; table.addColumn('created_at', t.epoch)
 */
export const COLUMN_TYPES: Record<StoreEngine, ColumnTypes> = {
  sqlite: { epoch: 'integer', count: 'integer', bytes: 'blob' },
  postgres: { epoch: 'bigint', count: 'bigint', bytes: 'bytea' },
};

/** One step of the schema, written once for both engines (one file each in this folder, listed in order by `store-migrations.ts`). */
export interface StoreMigration {
  /**
   * Its name in each engine's `kysely_migration` (never change a shipped one); an engine without a name does not
   * take the step. Steps with the same name on an engine run there as one migration, in list order: PostgreSQL
   * came later and made the first SQLite steps it needed in one.
   */
  names: Partial<Record<StoreEngine, string>>;
  up(db: Kysely<unknown>, engine: StoreEngine): Promise<void>;
  down(db: Kysely<unknown>, engine: StoreEngine): Promise<void>;
}

/**
 * An auto-numbered integer primary key: SQLite's `autoincrement` (ids never reused), PostgreSQL's `serial`.
 * @example await withSerialId(db.schema.createTable('people'), engine).addColumn('email', 'text').execute();
 */
export function withSerialId<T extends string>(
  table: CreateTableBuilder<T, never>,
  engine: StoreEngine,
): CreateTableBuilder<T, 'id'> {
  return engine === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'serial', (c) => c.primaryKey());
}
