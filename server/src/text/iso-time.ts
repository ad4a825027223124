/**
 * An epoch-milliseconds time as the service writes times in JSON (ISO 8601,
 * UTC, e.g. `2026-11-25T23:00:00.000Z`), or null for no time.
 * @example isoTime(0) // "1970-01-01T00:00:00.000Z"
 * @example isoTime(null) // null
 */
export function isoTime(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
