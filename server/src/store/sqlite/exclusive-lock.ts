import { Database } from './sqlite-driver.js';
import { ensurePrivateFile } from './store-file.js';

/** A held lock; `release` gives it up. */
export interface ExclusiveLock {
  /** Ends the lock (also ended by the kernel when the process dies, even by kill -9). */
  release(): void;
}

/**
 * Takes an exclusive lock on a small SQLite file without waiting: an open
 * EXCLUSIVE transaction holds the file's POSIX lock for as long as the
 * connection lives, and the kernel drops it when the process ends however it
 * ends, so no stale lock survives a crash (unlike a PID file). Another
 * connection, in this process or any other, gets undefined.
 * @example const lock = tryExclusiveLock('/var/lib/ussynth/store.sqlite-usage.lock'); if (!lock) throw new Error('in use');
 */
export function tryExclusiveLock(path: string): ExclusiveLock | undefined {
  // Created 0600 first: anyone who can open the file can hold its lock.
  ensurePrivateFile(path);
  const db = new Database(path);
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return undefined;
    throw error;
  }
  return {
    release() {
      if (db.open) db.close();
    },
  };
}
