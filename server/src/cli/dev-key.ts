import { randomBytes } from 'node:crypto';
import {
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  type Stats,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { digestMatches, parseKey } from '../store/api-key.js';
import { issueKey } from '../store/issue-key.js';
import type { Store } from '../store/store.js';
import { TIER_LIMITS } from '../store/tiers.js';

/** Account of the development key printed by `ussynth-server serve`. */
export const DEV_ACCOUNT = 'local-dev';

/** Name of the file beside the store that keeps the development key between starts. */
export const DEV_KEY_FILE = 'dev-key';

/** The development key of this start and where it is kept. */
export interface DevKey {
  /** The key text (uss_test_...). */
  key: string;
  /** The file holding it, beside the store. */
  file: string;
  /** True when the key of the previous start was kept; false when a new one was made. */
  kept: boolean;
}

/**
 * The development key of `ussynth-server serve`: the one kept in the
 * `dev-key` file beside the store while it still works on this store (an
 * unrevoked, unexpired test key of {@link DEV_ACCOUNT} whose digest the
 * store holds), so curl lines saved by a user keep working across starts;
 * else a new key, the previous development keys revoked and the file
 * rewritten. The store keeps only the digest, as for every key; the file is
 * the one place the text is kept, 0600 and owned by this user, and one
 * readable by others is not trusted (a new key replaces it).
 * @example const { key, kept } = await developmentKey(store, '.ussynth/store.sqlite', Date.now());
 */
export async function developmentKey(store: Store, storeFile: string, now: number): Promise<DevKey> {
  const file = join(dirname(storeFile), DEV_KEY_FILE);
  const saved = readPrivateKey(file);
  if (saved !== undefined && (await stillWorks(store, saved, now))) return { key: saved, file, kept: true };
  for (const old of await store.keys.listKeys('')) {
    if (old.account.name === DEV_ACCOUNT && old.environment === 'test' && old.revokedAt === null)
      await store.keys.revokeKey(old.id, now);
  }
  const { key } = await issueKey(store, { name: DEV_ACCOUNT, tier: 'pro', ...TIER_LIMITS.pro }, 'test', now);
  writePrivateFile(file, key + '\n');
  return { key, file, kept: false };
}

/** The key text in `file`, or undefined when there is none, or the file is not a private regular file of this user. */
function readPrivateKey(file: string): string | undefined {
  let stats: Stats;
  try {
    stats = lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // A symbolic link, a file others may read or another user's file: its key may be known elsewhere.
  if (!stats.isFile() || (stats.mode & 0o077) !== 0 || (process.getuid !== undefined && stats.uid !== process.getuid()))
    return undefined;
  const text = readFileSync(file, 'utf8').trim();
  return parseKey(text)?.environment === 'test' ? text : undefined;
}

async function stillWorks(store: Store, key: string, now: number): Promise<boolean> {
  const record = await store.findKey(parseKey(key)!.id);
  return (
    record !== undefined &&
    record.accountName === DEV_ACCOUNT &&
    record.environment === 'test' &&
    record.revokedAt === null &&
    (record.expiresAt === null || record.expiresAt > now) &&
    digestMatches(key, record.digest)
  );
}

/** Writes `text` to `file` as 0600 through a new temporary file renamed over it: never half-written, never through a link. */
function writePrivateFile(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const fd = openSync(temporary, 'wx', 0o600);
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
