// The schema a store's migrations leave, as text to compare: what each engine ends with must not change when the
// migrations are rewritten (server/test/fixtures/store-schema/ holds what the 0.2.0-era migrations made).
import { Kysely, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import { psql } from '../../../test/infra/postgres-server.js';
import { migrateStore } from '../../src/store/migrate-store.js';
import { postgresPool } from '../../src/store/postgres/postgres-pool.js';
import { Database } from '../../src/store/sqlite/sqlite-driver.js';

/**
 * Migrates a new SQLite file and returns its schema: every object's SQL as SQLite keeps it (so column order and
 * every constraint count), then the applied migrations.
 * @example await sqliteSchemaAfter(storeMigrations('sqlite'), '/tmp/x.sqlite')
 */
export async function sqliteSchemaAfter(provider: MigrationProvider, file: string): Promise<string> {
  const sqlite = new Database(file);
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  const { error } = await migrateStore(db, provider);
  await db.destroy();
  if (error) throw error;
  const read = new Database(file, { readonly: true });
  try {
    const objects = read
      .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { type: string; name: string; tbl_name: string; sql: string | null }[];
    const migrations = read.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[];
    return (
      [
        ...objects.map((o) => `${o.type} ${o.name} on ${o.tbl_name}: ${o.sql}`),
        `migrations: ${migrations.map((m) => m.name).join(', ')}`,
      ].join('\n') + '\n'
    );
  } finally {
    read.close();
  }
}

/**
 * Migrates an empty PostgreSQL database and returns its schema: columns in their order with type, nullability and
 * default; constraints and indexes with their definitions; then the applied migrations.
 * @example await postgresSchemaAfter(storeMigrations('postgres'), pg.createDatabase('x'))
 */
export async function postgresSchemaAfter(provider: MigrationProvider, url: string): Promise<string> {
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: postgresPool(url, 1) }) });
  const { error } = await migrateStore(db, provider);
  await db.destroy();
  if (error) throw error;
  const rows = (statement: string) => psql(url, statement);
  return (
    [
      rows(
        "SELECT table_name || '.' || column_name || ' #' || ordinal_position || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '-') FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position",
      ),
      rows(
        "SELECT conrelid::regclass || ' ' || conname || ': ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY conrelid::regclass::text, conname",
      ),
      rows("SELECT indexname || ': ' || indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname"),
      `migrations: ${rows("SELECT string_agg(name, ', ' ORDER BY name) FROM kysely_migration")}`,
    ].join('\n') + '\n'
  );
}
