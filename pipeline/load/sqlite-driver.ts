import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

/**
 * better-sqlite3's Database class for the pipeline and the tests, in the
 * release line that works on this Node: 12 on Node 20 and 22 (the line
 * dist-data/ is built with: SQLite 3.53.2, whose version number is part of
 * the file's header, so `data:check` compares against it), 13 (installed as
 * `better-sqlite3-napi`, a prebuilt Node-API binary) on Node 24 and later,
 * where 12 aborts when a statement is collected. 13 cannot serve Node 20: it
 * needs Node-API 10. The server chooses the same way
 * (server/src/store/sqlite/sqlite-driver.ts).
 * @example const db = new Database(':memory:');
 */
export const Database: typeof BetterSqlite3 = require(nodeMajor >= 24 ? 'better-sqlite3-napi' : 'better-sqlite3');

/** An open better-sqlite3 connection. */
export type SqliteDatabase = BetterSqlite3.Database;
