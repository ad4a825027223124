import { chmodSync, closeSync, constants, fstatSync, mkdirSync, openSync, realpathSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { StoreRefusedError } from '../store.js';

/**
 * Mode of every file the store creates: its owner only (keys' digests, account names and usage are private).
 * @example openSync(path, 'a', STORE_FILE_MODE)
 */
export const STORE_FILE_MODE = 0o600;
/**
 * Mode of a store folder the store creates.
 * @example mkdirSync(folder, { recursive: true, mode: STORE_FOLDER_MODE })
 */
export const STORE_FOLDER_MODE = 0o700;

/**
 * The one name of a store file: creates its folder (0700) and the file
 * (0600) when missing, resolves symbolic links, and refuses a file with more
 * than one hard link. SQLite keeps the WAL, and the server its usage journal
 * and lock, next to the name a file is opened by: through a symbolic link
 * that is the real name (resolved here), but hard links are names of equal
 * standing, so two of them would give one database two WALs, two journals
 * and two owners. The file is created before SQLite opens it because SQLite
 * gives its `-wal` and `-shm` files the mode of the database file.
 * @example const path = storeFilePath('.ussynth/store.sqlite') // "/home/me/app/.ussynth/store.sqlite"
 */
export function storeFilePath(path: string): string {
  try {
    mkdirSync(dirname(path), { recursive: true, mode: STORE_FOLDER_MODE });
    // An existing file (or a symbolic link to one) keeps the mode its operator gave it.
    createPrivate(path);
    const real = realpathSync(path);
    const stat = statSync(real);
    if (!stat.isFile()) throw new StoreRefusedError(`${path} is not a regular file`);
    if (stat.nlink > 1) {
      throw new StoreRefusedError(
        `${path} has ${stat.nlink} hard links: a store file must be reachable by one name (SQLite keeps its WAL, and the server its usage journal and lock, next to that name), so remove the other links`,
      );
    }
    return real;
  } catch (error) {
    if (error instanceof StoreRefusedError) throw error;
    throw new StoreRefusedError(`cannot use ${path} as a key store: ${(error as Error).message}`);
  }
}

/**
 * Opens a file of the store for appending (the usage journal), creating it
 * 0600 (see keepPrivate for an existing one).
 * @example const fd = openPrivateFile('/srv/store.sqlite-usage.journal')
 */
export function openPrivateFile(path: string): number {
  const fd = openSync(path, 'a', STORE_FILE_MODE);
  keepPrivate(path, fstatSync(fd).mode);
  return fd;
}

/**
 * Creates a file of the store 0600 when it is missing (the lock file), without
 * ever opening an existing one: closing any descriptor of a file drops the
 * POSIX locks this process holds on it.
 * @example ensurePrivateFile('/srv/store.sqlite-usage.lock')
 */
export function ensurePrivateFile(path: string): void {
  if (!createPrivate(path)) keepPrivate(path, statSync(path).mode);
}

/** Creates the file 0600 unless it exists (true when created); never opens an existing file. */
function createPrivate(path: string): boolean {
  try {
    closeSync(openSync(path, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, STORE_FILE_MODE));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  }
}

// An older version created the journal and lock 0644, and a file others can open lets them read usage or hold the
// lock: one the process owns is brought back to 0600 (the database file keeps whatever mode its operator gave it).
function keepPrivate(path: string, mode: number): void {
  if ((mode & 0o777) === STORE_FILE_MODE) return;
  try {
    chmodSync(path, STORE_FILE_MODE);
  } catch {
    // Not ours to change (another owner): used as it is.
  }
}
