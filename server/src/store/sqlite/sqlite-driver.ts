import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

/**
 * better-sqlite3's Database class, in the release line that works on this
 * Node: 12 (compiled at install) on Node 20 and 22, 13 (a prebuilt Node-API
 * binary, installed as `better-sqlite3-napi`) on Node 24 and later. Neither
 * line covers all three: 13 needs Node-API 10, which Node 20 lacks (it
 * crashes there), and 12 aborts on Node 24 when a statement is collected
 * (`RemoveEnvironmentCleanupHook`: `(env) != nullptr`). See docs/deploy.md.
 * @example const sqlite = new Database('/var/lib/ussynth/store.sqlite');
 */
export const Database: typeof BetterSqlite3 = require(nodeMajor >= 24 ? 'better-sqlite3-napi' : 'better-sqlite3');

/** An open better-sqlite3 connection. */
export type SqliteDatabase = BetterSqlite3.Database;
