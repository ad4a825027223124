/**
 * The shipped SQLite file as a typed Kysely database (`ussynth/database`).
 * Kept apart from the main entry so that generating data never loads SQLite.
 * @example
 * import { openDatabase } from 'ussynth/database';
 * const db = openDatabase();
 */
export { openDatabase } from './database/open-database.js';
export type * from './database/schema.js';
export { DEFAULT_SQLITE_PATH } from './default-index.js';
