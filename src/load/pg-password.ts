import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * What a PostgreSQL password is looked up for: the connection's host, port, database and user.
 * @example const key: PgPasswordKey = { host: '127.0.0.1', port: 5432, database: 'test', user: 'app' }
 */
export interface PgPasswordKey {
  host: string;
  port: number | string;
  database: string;
  user: string;
}

/** A password-file line's fields: `:` separates them, `\` escapes `:` and `\`. */
function fieldsOf(line: string): string[] {
  const fields = [''];
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '\\' && i + 1 < line.length) fields[fields.length - 1] += line[++i];
    else if (char === ':') fields.push('');
    else fields[fields.length - 1] += char;
  }
  return fields;
}

/**
 * The password of a password file (libpq's `.pgpass` format: `host:port:database:user:password`, `*` matching
 * anything, `#` comment lines) for the connection: the first matching line's, or undefined.
 * @example pgpassPassword('127.0.0.1:*:*:app:s3cret\n', { host: '127.0.0.1', port: 5432, database: 'test', user: 'app' }) // "s3cret"
 */
export function pgpassPassword(text: string, key: PgPasswordKey): string | undefined {
  const wanted = [key.host, String(key.port), key.database, key.user];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const fields = fieldsOf(line);
    if (fields.length < 5) continue;
    if (wanted.every((value, i) => fields[i] === '*' || fields[i] === value)) return fields.slice(4).join(':');
  }
  return undefined;
}

/**
 * The password of a PostgreSQL connection whose URL gives none, as libpq finds it: `PGPASSWORD`, else the password
 * file `PGPASSFILE` (default `~/.pgpass`), which is ignored, as libpq does, when others than its owner may read it;
 * `warn` says so. Read here, not by pg, whose own password-file support prints a deprecation warning.
 * @example const password = pgPassword(env, { host, port, database, user }, (text) => process.stderr.write(text))
 */
export function pgPassword(
  env: NodeJS.ProcessEnv,
  key: PgPasswordKey,
  warn: (text: string) => void,
): string | undefined {
  if (env.PGPASSWORD !== undefined && env.PGPASSWORD !== '') return env.PGPASSWORD;
  const file = env.PGPASSFILE !== undefined && env.PGPASSFILE !== '' ? env.PGPASSFILE : join(homedir(), '.pgpass');
  const stats = statSync(file, { throwIfNoEntry: false });
  if (stats === undefined || !stats.isFile()) return undefined;
  if (process.platform !== 'win32' && (stats.mode & 0o077) !== 0) {
    warn(`the password file ${file} is not used: others than its owner may read it (chmod 600 ${file})`);
    return undefined;
  }
  return pgpassPassword(readFileSync(file, 'utf8'), key);
}
