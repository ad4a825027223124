import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

// The same driver as the server (better-sqlite3 13), so `data:check` compares dist-data/ against the SQLite that
// built it. It is a prebuilt Node-API 10 binary, which crashes an older Node instead of throwing: say so first.
// Imported here rather than from the server, so that data keeps flowing one way (pipeline -> dist-data -> server).
if (Number(process.versions.napi) < 10) {
  throw new Error(
    `the data pipeline needs Node 22.14 or later (Node-API 10, for better-sqlite3 13); this is Node ${process.versions.node}: run it through npm (npm run data:build), which brings Node 22 from the registry`,
  );
}

/**
 * better-sqlite3's Database class, the pipeline's SQLite driver.
 * @example const db = new Database(':memory:');
 */
export const Database: typeof BetterSqlite3 = require('better-sqlite3');

/** An open better-sqlite3 connection. */
export type SqliteDatabase = BetterSqlite3.Database;
