import { Migrator, sql, type Kysely, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { StoreLog } from './store.js';

/**
 * Brings a store's schema to this release's latest migration in a
 * transaction (a failed one leaves the schema as it was; PostgreSQL also
 * holds Kysely's advisory lock, so instances starting together apply each
 * once). A store already migrated by a newer release (migrations this one
 * does not know, after all it does) is used as it is: releases only add to
 * the schema until every instance runs them (expand, then contract; see
 * docs/deploy.md), so an old instance restarting during a rolling upgrade
 * keeps working instead of refusing the store. Kysely alone refuses it as
 * "corrupted migrations".
 * @example const { error } = await migrateStore(db, storeMigrations('postgres'), log);
 */
export async function migrateStore(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run on a database of any schema, as Kysely's Migrator takes it
  db: Kysely<any>,
  provider: MigrationProvider,
  log: StoreLog = () => {},
): Promise<MigrationResultSet> {
  const known = Object.keys(await provider.getMigrations());
  let applied: string[] = [];
  try {
    applied = (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((row) => row.name);
  } catch {
    // A new store: Kysely creates its table below.
  }
  const newer = applied.filter((name) => !known.includes(name)).sort();
  if (newer.length > 0 && known.every((name) => applied.includes(name))) {
    log(
      'warn',
      `the store's schema is newer than this release (migrations ${newer.join(', ')}): running on it unchanged; upgrade this instance`,
    );
    return { results: [] };
  }
  const migrator = new Migrator({ db, provider });
  if (db.getExecutor().adapter.supportsTransactionalDdl) return migrator.migrateToLatest();
  // SQLite: Kysely runs its migrations outside a transaction there, so a migration that fails half-way would leave
  // its first statements applied. SQLite's DDL is transactional and the store has one connection, so one
  // transaction around them all keeps a failed run from changing anything.
  await sql`BEGIN IMMEDIATE`.execute(db);
  const result = await migrator.migrateToLatest().catch((error: unknown) => ({ error, results: undefined }));
  await (result.error === undefined ? sql`COMMIT` : sql`ROLLBACK`).execute(db);
  return result;
}
