import { LoadError } from './load-error.js';
import type { SqlDialect } from '../records/columns/sql-dialect.js';

/**
 * Where a load goes, parsed from its URL: a PostgreSQL or MySQL server, or a SQLite file.
 * @example parseLoadTarget('sqlite:test.db') // { dialect: 'sqlite', path: 'test.db', shown: 'sqlite:test.db', connectTimeoutMs: 10000 }
 */
export interface LoadTarget {
  dialect: SqlDialect;
  /** The URL as given (PostgreSQL and MySQL). */
  url?: string;
  /** The file (SQLite). */
  path?: string;
  /** The URL with any password replaced by `***`, for messages. */
  shown: string;
  /** How long connecting may take: the URL's `connect_timeout` (seconds, as libpq reads it), default 10. */
  connectTimeoutMs: number;
}

/**
 * Default time allowed to connect and log in.
 * @example DEFAULT_CONNECT_TIMEOUT_MS / 1000 // 10 seconds
 */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * A URL with its password (if any) replaced by `***`.
 * @example redactedUrl('postgres://u:secret@db/x') // "postgres://u:***@db/x"
 */
export function redactedUrl(url: URL): string {
  if (url.password === '') return url.href;
  const copy = new URL(url.href);
  copy.password = '***';
  return copy.href;
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
    if (path === '') throw new LoadError('invalid_load_option', 'a sqlite: target needs a file path, such as sqlite:test.db');
    return { dialect: 'sqlite', path, shown: text, connectTimeoutMs: DEFAULT_CONNECT_TIMEOUT_MS };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  const dialect = scheme === 'postgres' || scheme === 'postgresql' ? 'postgres' : scheme === 'mysql' ? 'mysql' : undefined;
  if (dialect === undefined) {
    throw new LoadError('invalid_load_option', `the target must be a URL starting postgres://, postgresql://, mysql:// or sqlite: (then a file path), got ${JSON.stringify(text.replace(/:[^:@/]*@/, ':***@'))}`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new LoadError('invalid_load_option', `the target is not a valid URL: ${JSON.stringify(text.replace(/:[^:@/]*@/, ':***@'))}`);
  }
  if (url.hostname === '') throw new LoadError('invalid_load_option', `the target URL names no host: ${redactedUrl(url)}`);
  if (dialect === 'mysql' && url.pathname.length <= 1) throw new LoadError('invalid_load_option', `a mysql:// target names its database as the path, such as mysql://user@host/test; got ${redactedUrl(url)}`);
  const timeout = url.searchParams.get('connect_timeout');
  let connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS;
  if (timeout !== null) {
    const seconds = /^[0-9]+(\.[0-9]+)?$/.test(timeout) ? Number(timeout) : NaN;
    if (!(seconds > 0)) throw new LoadError('invalid_load_option', `connect_timeout must be a positive number of seconds, got ${JSON.stringify(timeout)}`);
    connectTimeoutMs = Math.round(seconds * 1000);
  }
  return { dialect, url: text, shown: redactedUrl(url), connectTimeoutMs };
}
