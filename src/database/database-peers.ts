import type BetterSqlite3 from 'better-sqlite3';
import type * as KyselyModule from 'kysely';
import { betterSqlite3Problem, installedBetterSqlite3 } from '../better-sqlite3-runtime.js';
import { UssynthError } from '../errors.js';
import { isMissingModule } from '../missing-module.js';

/** The optional peer dependencies `ussynth/database` needs, in the order the install hint names them. */
export const DATABASE_PEERS = ['better-sqlite3', 'kysely'] as const;

/** What `ussynth/database` uses of its peers. */
export interface DatabasePeers {
  /** better-sqlite3's Database class. */
  Database: typeof BetterSqlite3;
  /** Kysely's query builder class. */
  Kysely: typeof KyselyModule.Kysely;
  /** Kysely's SQLite dialect. */
  SqliteDialect: typeof KyselyModule.SqliteDialect;
}

/** Imports a module by name; replaceable so the missing-peer message can be tested without uninstalling. */
export type ModuleImporter = (name: string) => Promise<unknown>;

/**
 * Loads better-sqlite3 and kysely, which the generator never needs and the
 * package does not install; when either is missing, a `UssynthError`
 * (`missing_peer_dependency`) names both and the command that installs them,
 * and when the installed better-sqlite3 cannot run on this Node (13 on a
 * Node without Node-API 10), a `UssynthError` (`unsupported_peer_dependency`)
 * says so before it is loaded.
 * @example const { Database, Kysely, SqliteDialect } = await loadDatabasePeers();
 */
export async function loadDatabasePeers(importer: ModuleImporter = (name) => import(name)): Promise<DatabasePeers> {
  const problem = betterSqlite3Problem(installedBetterSqlite3());
  if (problem !== undefined) throw new UssynthError('unsupported_peer_dependency', `ussynth/database: ${problem}`);
  const missing: string[] = [];
  const loaded = await Promise.all(
    DATABASE_PEERS.map((name) =>
      importer(name).catch((error: unknown) => {
        if (!isMissingModule(error, name)) throw error;
        missing.push(name);
        return undefined;
      }),
    ),
  );
  if (missing.length > 0) {
    throw new UssynthError(
      'missing_peer_dependency',
      `ussynth/database needs ${DATABASE_PEERS.join(' and ')}, optional peer dependencies that are not installed (missing: ${missing.join(', ')}); install them with \`npm install ${DATABASE_PEERS.join(' ')}\``,
    );
  }
  const [sqlite, kysely] = loaded as [{ default: typeof BetterSqlite3 }, typeof KyselyModule];
  return { Database: sqlite.default, Kysely: kysely.Kysely, SqliteDialect: kysely.SqliteDialect };
}
