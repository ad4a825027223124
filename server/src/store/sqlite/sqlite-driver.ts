import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { unsupportedNodeMessage } from '../../runtime/node-version.js';

const require = createRequire(import.meta.url);

// better-sqlite3 13 is a prebuilt Node-API 10 binary: on an older Node it crashes the process instead of throwing,
// so the version is checked first (the tests load it through here too; the pipeline has its own line). See docs/node-versions.md.
const problem = unsupportedNodeMessage();
if (problem !== null) throw new Error(problem);

/**
 * better-sqlite3's Database class (13, prebuilt: no compile at install),
 * the server's SQLite driver: its store, its operator commands and its
 * tests load it through here. The pipeline loads the same package through
 * pipeline/load/sqlite-driver.ts (data flows one way, never from the
 * server), and the library's `--to sqlite:` loads the user's own
 * better-sqlite3 (src/better-sqlite3-runtime.ts).
 * @example const sqlite = new Database('/var/lib/ussynth/store.sqlite');
 */
export const Database: typeof BetterSqlite3 = require('better-sqlite3');

/** An open better-sqlite3 connection. */
export type SqliteDatabase = BetterSqlite3.Database;
