import { resolve } from 'node:path';

/** Default key store path, relative to the working directory (gitignored). */
export const DEFAULT_STORE_PATH = '.ussynth/store.sqlite';

/** Where the store is: an embedded SQLite file, or a PostgreSQL database shared by many instances. */
export type StoreLocation = { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string };

/**
 * Whether `USSYNTH_DB` names a PostgreSQL database rather than a file.
 * @example isPostgresUrl('postgres://ussynth@db.internal/ussynth') // true
 */
export function isPostgresUrl(text: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(text);
}

/**
 * The store `USSYNTH_DB` names: a `postgres://` (or `postgresql://`) URL, or
 * a SQLite file path (default `./.ussynth/store.sqlite`), made absolute.
 * @example storeLocation({ USSYNTH_DB: 'postgres://db/ussynth' }) // { engine: 'postgres', url: 'postgres://db/ussynth' }
 */
export function storeLocation(env: NodeJS.ProcessEnv): StoreLocation {
  const given = env.USSYNTH_DB;
  if (given !== undefined && isPostgresUrl(given)) return { engine: 'postgres', url: given };
  return { engine: 'sqlite', path: storePath(env) };
}

/**
 * The SQLite store path: `USSYNTH_DB` when set, else `./.ussynth/store.sqlite`, absolute.
 * @example storePath({ USSYNTH_DB: '/var/lib/ussynth.sqlite' }) // "/var/lib/ussynth.sqlite"
 */
export function storePath(env: NodeJS.ProcessEnv): string {
  const given = env.USSYNTH_DB;
  return resolve(given !== undefined && given !== '' ? given : DEFAULT_STORE_PATH);
}

/**
 * The store's location for messages and the start-up banner, without a password.
 * @example describeStore({ engine: 'postgres', url: 'postgres://u:pw@db/x' }) // 'PostgreSQL postgres://u:***@db/x'
 */
export function describeStore(location: StoreLocation): string {
  return location.engine === 'postgres'
    ? `PostgreSQL ${location.url.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@')}`
    : location.path;
}
