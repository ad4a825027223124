import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';

/**
 * The SQL that begins a transaction: `BEGIN IMMEDIATE` unless it is marked read only.
 * @example beginStatement({ accessMode: 'read only' }) // 'begin'
 */
export function beginStatement(settings: TransactionSettings): string {
  return settings.accessMode === 'read only' ? 'begin' : 'begin immediate';
}

/** Kysely's SQLite driver, beginning transactions with beginStatement. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings = {}): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(beginStatement(settings)));
  }
}

/**
 * Kysely's SQLite dialect with write transactions begun `BEGIN IMMEDIATE`: the
 * write lock is taken first, waiting out another process's write within the
 * connection's busy timeout. Kysely's own `BEGIN` (deferred) reads first and
 * asks for the lock at the first write; if another process (the serving
 * process's once-a-second usage fold) wrote meanwhile or holds the lock then,
 * SQLite fails that write at once with SQLITE_BUSY ("database is locked"),
 * busy timeout or not: `ussynth-server keys create` failed so now and then
 * against a busy server. A transaction that only reads says so with
 * `.setAccessMode('read only')` and keeps the deferred `BEGIN`, taking no lock.
 * @example const db = new Kysely<StoreDatabase>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  private readonly settings: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.settings = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}
