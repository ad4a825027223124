import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { DEFAULT_SQLITE_PATH } from '../default-index.js';
import type { UssynthDatabase } from './schema.js';

/**
 * Opens the shipped SQLite file (or another copy of it) read-only and
 * returns a typed Kysely instance. Call `destroy()` when done.
 * @example
 * const db = openDatabase();
 * const row = await db.selectFrom('zips').select(['city', 'state']).where('zip', '=', '60601').executeTakeFirst();
 * await db.destroy();
 */
export function openDatabase(path: string = DEFAULT_SQLITE_PATH): Kysely<UssynthDatabase> {
  const database = new Database(path, { readonly: true, fileMustExist: true });
  return new Kysely<UssynthDatabase>({ dialect: new SqliteDialect({ database }) });
}
