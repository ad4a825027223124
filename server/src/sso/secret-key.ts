import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Name of the key file the embedded default makes beside the store when USSYNTH_SECRET_KEY is not set. */
export const SECRET_KEY_FILE = 'secret.key';

/** Bytes of the key: AES-256. */
const KEY_BYTES = 32;

/**
 * Why a USSYNTH_SECRET_KEY text is not a key (32 bytes as 64 hex digits or
 * as base64/base64url), or null when it is one.
 * @example secretKeyProblem('abc') // 'USSYNTH_SECRET_KEY must be 32 random bytes ...'
 */
export function secretKeyProblem(text: string): string | null {
  return decodeKey(text)
    ? null
    : 'USSYNTH_SECRET_KEY must be 32 random bytes as 64 hex digits or base64 (e.g. the output of `openssl rand -base64 32`)';
}

/**
 * The service's secret key, which seals what the store must keep but never
 * in clear (SSO client secrets): USSYNTH_SECRET_KEY when given, else the
 * key file beside the store, made on first use (0600, 32 random bytes). The
 * file sits with the store, so a copy of the store alone opens nothing only
 * when the key comes from the environment; docs/sso.md says so.
 * @example const key = loadSecretKey(process.env.USSYNTH_SECRET_KEY, '/var/lib/ussynth/store.sqlite');
 */
export function loadSecretKey(text: string | undefined, storeFile: string): Buffer {
  if (text !== undefined && text !== '') {
    const key = decodeKey(text);
    if (!key) throw new Error(secretKeyProblem(text)!);
    return key;
  }
  const file = join(dirname(storeFile), SECRET_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    try {
      // 'wx': never overwrite a key another process made a moment ago (its secrets would no longer open).
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, randomBytes(KEY_BYTES).toString('base64') + '\n');
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = decodeKey(readFileSync(file, 'utf8').trim());
  if (!key)
    throw new Error(
      `${file} does not hold a secret key (32 bytes, base64); restore it from a backup, or set USSYNTH_SECRET_KEY`,
    );
  return key;
}

function decodeKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}
