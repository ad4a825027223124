/**
 * The pipeline's SQLite driver is the server's (better-sqlite3 13, Node 22.14 or later): one driver, one SQLite
 * version, so `data:check` compares dist-data/ against the same SQLite that built it.
 * @example const db = new Database(':memory:');
 */
export { Database, type SqliteDatabase } from '../../server/src/store/sqlite/sqlite-driver.js';
