// Network errors and PostgreSQL's connection-class (08), shutdown (57P0x) and resource (53xxx) states: the store is
// down, restarting or overloaded, not the request wrong. SQLite's busy, I/O, full and corrupt states mean the same.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '53300',
  '53100',
  '53200',
]);
const UNAVAILABLE_MESSAGE =
  /timeout|Connection terminated|connection error|the database system is (?:starting up|shutting down)|Client was closed/i;

/**
 * Whether an error says the store cannot be reached or used right now (so
 * the request gets 503 with Retry-After, never 500): a refused or lost
 * connection, a bounded query that ran out of time, PostgreSQL shutting down
 * or out of connections, SQLite busy, full, failing I/O or corrupt.
 * @example if (isStoreUnavailable(error)) throw storeUnavailableProblem(request, error, 'store');
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (
    typeof code === 'string' &&
    (UNAVAILABLE_CODES.has(code) ||
      code.startsWith('08') ||
      /^SQLITE_(?:BUSY|IOERR|FULL|CORRUPT|NOTADB|CANTOPEN)/.test(code))
  )
    return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}
