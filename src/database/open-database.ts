import type { Kysely } from 'kysely';
import { DEFAULT_SQLITE_PATH } from '../default-index.js';
import { loadDatabasePeers } from './database-peers.js';
import type { UssynthDatabase } from './schema.js';

// Loaded once, when `ussynth/database` is imported: a missing peer fails the import with the install hint.
const peers = await loadDatabasePeers();

/**
 * Opens the shipped SQLite file (or another copy of it) read-only and
 * returns a typed Kysely instance. Call `destroy()` when done. Needs the
 * optional peer dependencies better-sqlite3 and kysely.
 * @example
 * const db = openDatabase();
 * const row = await db.selectFrom('zips').select(['city', 'state']).where('zip', '=', '60601').executeTakeFirst();
 * await db.destroy();
 */
export function openDatabase(path: string = DEFAULT_SQLITE_PATH): Kysely<UssynthDatabase> {
  const database = new peers.Database(path, { readonly: true, fileMustExist: true });
  return new peers.Kysely<UssynthDatabase>({ dialect: new peers.SqliteDialect({ database }) });
}
