import { LoadError } from './load-error.js';
import { maskedTarget, targetSecrets, writtenPassword } from './masked-target.js';
import type { SqlDialect } from '../records/columns/sql-dialect.js';

/**
 * Where a load goes, parsed from its URL: a PostgreSQL or MySQL server, or a SQLite file.
 * @example parseLoadTarget('sqlite:test.db') // { dialect: 'sqlite', path: 'test.db', shown: 'sqlite:test.db', secrets: [], connectTimeoutMs: 10000 }
 */
export interface LoadTarget {
  dialect: SqlDialect;
  /** The URL as given (PostgreSQL and MySQL). */
  url?: string;
  /** The file (SQLite). */
  path?: string;
  /** The target with any password (in the user information or a query parameter) replaced by `***`, for messages. */
  shown: string;
  /** The passwords the target holds (written and decoded), scrubbed from what a driver says back. */
  secrets: readonly string[];
  /** How long connecting may take: the URL's `connect_timeout` (seconds, as libpq reads it), default 10. */
  connectTimeoutMs: number;
}

/**
 * Default time allowed to connect and log in.
 * @example DEFAULT_CONNECT_TIMEOUT_MS / 1000 // 10 seconds
 */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

const percentEncode = (shown: string): string =>
  `the target is not a valid URL: ${JSON.stringify(shown)} (a user name or password holding / ? # @ or : must be percent-encoded, such as %2F for /)`;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Parses `--to`: `postgres://` or `postgresql://` (a libpq URL), `mysql://`
 * (also for MariaDB) or `sqlite:PATH`; anything else is a LoadError
 * (`invalid_load_option`) saying what is expected. Never connects.
 * @example parseLoadTarget('postgres://app@127.0.0.1:5432/test').dialect // "postgres"
 */
export function parseLoadTarget(text: string): LoadTarget {
  if (text.startsWith('sqlite:')) {
    const path = text.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (path === '')
      throw new LoadError('invalid_load_option', 'a sqlite: target needs a file path, such as sqlite:test.db');
    return { dialect: 'sqlite', path, shown: text, secrets: [], connectTimeoutMs: DEFAULT_CONNECT_TIMEOUT_MS };
  }
  const shown = maskedTarget(text);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  const dialect =
    scheme === 'postgres' || scheme === 'postgresql' ? 'postgres' : scheme === 'mysql' ? 'mysql' : undefined;
  if (dialect === undefined) {
    throw new LoadError(
      'invalid_load_option',
      `the target must be a URL starting postgres://, postgresql://, mysql:// or sqlite: (then a file path), got ${JSON.stringify(shown)}`,
    );
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new LoadError('invalid_load_option', percentEncode(shown));
  }
  // `postgres://app:ab/cd@db/x` is a valid URL to host "app", port "ab"... : a password with an unencoded / ? # or @.
  const written = writtenPassword(text);
  if (written !== undefined && decoded(written) !== decoded(url.password))
    throw new LoadError('invalid_load_option', percentEncode(shown));
  if (url.hostname === '') throw new LoadError('invalid_load_option', `the target URL names no host: ${shown}`);
  if (dialect === 'mysql' && url.pathname.length <= 1)
    throw new LoadError(
      'invalid_load_option',
      `a mysql:// target names its database as the path, such as mysql://user@host/test; got ${shown}`,
    );
  const timeout = url.searchParams.get('connect_timeout');
  let connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS;
  if (timeout !== null) {
    const seconds = /^[0-9]+(\.[0-9]+)?$/.test(timeout) ? Number(timeout) : NaN;
    if (!(seconds > 0))
      throw new LoadError(
        'invalid_load_option',
        `connect_timeout must be a positive number of seconds, got ${JSON.stringify(timeout)}`,
      );
    connectTimeoutMs = Math.round(seconds * 1000);
  }
  return { dialect, url: text, shown, secrets: targetSecrets(text), connectTimeoutMs };
}
