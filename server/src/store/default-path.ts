import { resolve } from 'node:path';

/** Default key store path, relative to the working directory (gitignored). */
export const DEFAULT_STORE_PATH = '.ussynth/store.sqlite';

/**
 * The key store path: `USSYNTH_DB` when set, else `./.ussynth/store.sqlite`, absolute.
 * @example storePath({ USSYNTH_DB: '/var/lib/ussynth.sqlite' }) // "/var/lib/ussynth.sqlite"
 */
export function storePath(env: NodeJS.ProcessEnv): string {
  const given = env.USSYNTH_DB;
  return resolve(given !== undefined && given !== '' ? given : DEFAULT_STORE_PATH);
}
