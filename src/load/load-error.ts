/**
 * Why a load failed; stable, documented in docs/cli.md ("Seed a database").
 * @example if (error instanceof LoadError && error.code === 'table_exists') ...
 */
export const LOAD_ERROR_CODES = {
  invalid_load_option: 'An option of the load is invalid (the URL, the table name, the range); nothing was connected.',
  missing_driver:
    'The database driver (an optional peer dependency) is not installed; the message names the `npm install`.',
  unsupported_driver:
    'The installed driver cannot run on this Node (better-sqlite3 13 needs Node-API 10: Node 22.14 or later); the message names both versions and the fix. Nothing was opened.',
  unavailable:
    'The database could not be reached or refused the login (connection refused, timeout, password, unknown database).',
  table_exists: 'The table exists and neither append nor truncate was asked for.',
  table_mismatch: 'The existing table lacks a column of the load, or has it with an incompatible type.',
  permission_denied:
    'The database role may not do what the load needs (create the table, insert into it, truncate it); nothing was loaded.',
  load_failed: 'The database refused a row or the connection was lost mid-load; the open transaction was rolled back.',
  aborted:
    'The load was stopped (its AbortSignal, or SIGINT/SIGTERM in the CLI); the open transaction was rolled back.',
} as const;

/**
 * One of the load's error codes.
 * @example const code: LoadErrorCode = 'unavailable'
 */
export type LoadErrorCode = keyof typeof LOAD_ERROR_CODES;

/**
 * The error `load()` and `--to` fail with. `committed` is how many records
 * of the range are in the table for good (whole `commitEvery` chunks; 0
 * for a single-transaction load), and `resumeAt` the record index to pass
 * as `start` to go on.
 * @example catch (e) { if (e instanceof LoadError) console.error(e.code, e.message, e.resumeAt) }
 */
export class LoadError extends Error {
  /** Stable code. */
  readonly code: LoadErrorCode;
  /** Records committed before the failure. */
  committed = 0;
  /** With commitEvery: the first record not committed, where a resumed load starts. */
  resumeAt: number | undefined;

  constructor(code: LoadErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LoadError';
    this.code = code;
  }
}
