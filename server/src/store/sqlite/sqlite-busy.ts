/**
 * Whether an error is SQLite's "database is locked": another connection holds the lock asked for (SQLITE_BUSY, or
 * one of its extended codes such as SQLITE_BUSY_SNAPSHOT), as better-sqlite3 reports it in `code`.
 * @example isSqliteBusy({ code: 'SQLITE_BUSY' }) // true
 */
export function isSqliteBusy(error: unknown): boolean {
  return /^SQLITE_BUSY/.test(String((error as { code?: unknown } | null)?.code));
}
