import { betterSqlite3Problem, installedBetterSqlite3 } from '../better-sqlite3-runtime.js';
import { isMissingModule } from '../missing-module.js';
import { LoadError } from './load-error.js';
import type { SqlDialect } from '../records/columns/sql-dialect.js';

/**
 * The npm packages each database needs (optional peer dependencies of ussynth).
 * @example DRIVER_PACKAGES.postgres // ['pg', 'pg-copy-streams']
 */
export const DRIVER_PACKAGES: Readonly<Record<SqlDialect | 'parquet', readonly string[]>> = {
  postgres: ['pg', 'pg-copy-streams'],
  mysql: ['mysql2'],
  sqlite: ['better-sqlite3'],
  parquet: ['hyparquet-writer'],
};

/** Imports a module by name; replaceable so the missing-driver message can be tested without uninstalling. */
export type DriverImporter = (name: string) => Promise<unknown>;

/**
 * Imports the packages a database (or the Parquet writer) needs; when one
 * is missing, a LoadError (`missing_driver`) names the `npm install` line,
 * and when the installed better-sqlite3 cannot run on this Node (13 on a
 * Node without Node-API 10), a LoadError (`unsupported_driver`) says so
 * before anything is loaded or opened.
 * @example const [pg, copy] = await importDrivers('postgres')
 */
export async function importDrivers(
  what: SqlDialect | 'parquet',
  importer: DriverImporter = (name) => import(name),
): Promise<unknown[]> {
  const names = DRIVER_PACKAGES[what];
  if (what === 'sqlite') {
    const problem = betterSqlite3Problem(installedBetterSqlite3());
    if (problem !== undefined) throw new LoadError('unsupported_driver', `loading SQLite: ${problem}`);
  }
  const missing: string[] = [];
  const loaded = await Promise.all(
    names.map((name) =>
      importer(name).catch((error: unknown) => {
        if (!isMissingModule(error, name)) throw error;
        missing.push(name);
        return undefined;
      }),
    ),
  );
  if (missing.length > 0) {
    const purpose =
      what === 'parquet'
        ? 'writing Parquet'
        : `loading ${what === 'postgres' ? 'PostgreSQL' : what === 'mysql' ? 'MySQL/MariaDB' : 'SQLite'}`;
    throw new LoadError(
      'missing_driver',
      `${purpose} needs ${names.join(' and ')} (optional peer dependencies of ussynth), not installed here (missing: ${missing.join(', ')}); install with \`npm install ${names.join(' ')}\``,
    );
  }
  return loaded;
}
