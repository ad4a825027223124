import { Database, type SqliteDatabase } from './sqlite-driver.js';
import { Kysely } from 'kysely';
import { ImmediateSqliteDialect } from './immediate-sqlite-dialect.js';
import { migrateStore } from '../migrate-store.js';
import type { Awaitable } from '../../runtime/awaitable.js';
import type { KeyRecord } from '../key-store.js';
import type { Store, StoreHealth, StoreLog, UsageDebit } from '../store.js';
import { StoreBusyError, StoreRefusedError } from '../store.js';
import { tryExclusiveLock, type ExclusiveLock } from './exclusive-lock.js';
import { storeMigrations } from '../store-migrations.js';
import type { StoreDatabase } from '../store-schema.js';
import { KyselyStore } from '../kysely-store.js';
import { keyRecord, type KeyRow } from '../kysely-keys.js';
import { storeFilePath } from './store-file.js';
import { TableUsage } from './table-usage.js';
import { foldedSeq, readJournal, unfoldedUsage } from './usage-journal.js';
import { FOLD_INTERVAL_MS, UsageLedger } from './usage-ledger.js';
import { WriteLockProbe } from './write-lock-probe.js';

/** How long a command waits for another connection's write lock (operator commands, and a server while it opens). */
const OPENING_BUSY_TIMEOUT_MS = 5000;

/**
 * How long the serving process waits for another process's write lock on the
 * store file. better-sqlite3 is synchronous, so SQLite's busy wait stops the
 * whole event loop: with 5 s, an outside `BEGIN EXCLUSIVE` held for 8 s made
 * `/healthz` take 5 s. 10 ms absorbs an operator command's short write (SQLite
 * retries at 0, 1, 3 and 8 ms); a longer lock fails the call with SQLITE_BUSY:
 * a request gets 503 `store_unavailable` (logged and counted), the once-a-second
 * usage fold and activity writes are retried at their next tick, and the API's
 * hot path (key reads, WAL readers, and debits to the in-memory ledger and its
 * journal file) does not need the lock at all.
 * @example sqlite.pragma(`busy_timeout = ${SERVING_BUSY_TIMEOUT_MS}`)
 */
export const SERVING_BUSY_TIMEOUT_MS = 10;

/** Options of the embedded store. */
export interface SqliteStoreOptions {
  /**
   * This process serves the API and owns the usage ledger (in-memory totals
   * with a journal, see UsageLedger). One process per store file may; a
   * second is refused with StoreBusyError. Key commands leave it off: they
   * neither take the lock nor replay the journal (a reading command must never
   * stand in a starting server's way); `listKeys` and `usage` add the lines
   * not yet folded to what the table says, and their debits (none in
   * practice) go straight to the table.
   */
  ownUsage?: boolean;
  /** Where the owner reports a failing fold or a recreated journal (the server's log). */
  log?: StoreLog;
}

/**
 * The embedded store: SQLite in WAL mode. Kysely runs the migrations and the
 * admin queries; the per-request paths are prepared better-sqlite3
 * statements or the in-memory usage ledger. The owner (the server) first
 * replays a usage journal a crashed server left; a reader adds the journal's
 * unfolded lines to the table, so `ussynth-server keys list` is exact after a kill -9.
 * @example const store = await openSqliteStore('/tmp/store.sqlite', { ownUsage: true }); await store.close();
 */
export async function openSqliteStore(path: string, options: SqliteStoreOptions = {}): Promise<Store> {
  const file = path === ':memory:' ? path : storeFilePath(path);
  let sqlite: SqliteDatabase;
  try {
    sqlite = new Database(file);
    // WAL lets the CLI write while the server reads; NORMAL survives process crashes (only power loss can drop the last commits).
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma(`busy_timeout = ${OPENING_BUSY_TIMEOUT_MS}`);
    sqlite.pragma('foreign_keys = ON');
  } catch (error) {
    throw unusable(path, error);
  }
  const db = new Kysely<StoreDatabase>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
  const { error, results } = await migrateStore(db, storeMigrations('sqlite'), options.log);
  if (error) {
    await db.destroy();
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new StoreRefusedError(
      `key store ${path}: migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (file === ':memory:')
    return new SqliteStore(sqlite, db, options.ownUsage ? UsageLedger.open(sqlite, null) : undefined, null);
  const journal = `${file}-usage.journal`;
  if (!options.ownUsage) return new SqliteStore(sqlite, db, undefined, journal);
  let lock: ExclusiveLock | undefined;
  try {
    // The lock and journal are named from the real path, so every way to the file meets the same lock.
    lock = tryExclusiveLock(`${file}-usage.lock`);
  } catch (error) {
    await db.destroy();
    throw unusable(path, error);
  }
  if (!lock) {
    await db.destroy();
    throw new StoreBusyError(
      `${path} is in use by another ussynth server: one server process owns a store's usage ledger; give this one its own USSYNTH_DB`,
    );
  }
  try {
    // Replaying always writes the journal position: a store the server cannot write is refused here, not at the first fold.
    const store = new SqliteStore(sqlite, db, UsageLedger.open(sqlite, journal, options.log), journal, lock);
    sqlite.pragma(`busy_timeout = ${SERVING_BUSY_TIMEOUT_MS}`);
    return store;
  } catch (error) {
    lock.release();
    await db.destroy();
    throw unusable(path, error);
  }
}

/** An error opening the store, as a refusal that says what to fix (journal refusals already do). */
function unusable(path: string, error: unknown): StoreRefusedError {
  if (error instanceof StoreRefusedError) return error;
  const { code, message } = error as { code?: string; message?: string };
  const cannotWrite = ['SQLITE_READONLY', 'SQLITE_FULL', 'SQLITE_CANTOPEN', 'EACCES', 'EPERM', 'EROFS', 'ENOSPC'].some(
    (c) => code?.startsWith(c),
  );
  const reason = cannotWrite
    ? 'cannot be written by this process, and the server records usage in it'
    : 'cannot be opened';
  return new StoreRefusedError(`key store ${path} ${reason} (${code ?? 'error'}: ${message ?? String(error)})`);
}

class SqliteStore extends KyselyStore implements Store {
  private readonly findKeyStatement;
  private readonly tableUsage;
  private readonly foldTimer;
  private readonly lockProbe;
  private closed = false;

  constructor(
    private readonly sqlite: SqliteDatabase,
    db: Kysely<StoreDatabase>,
    private readonly ledger: UsageLedger | undefined,
    /** The usage journal, which readers add to the table (null in memory). */
    private readonly journalPath: string | null,
    private readonly lock?: ExclusiveLock,
  ) {
    super(db);
    this.findKeyStatement = sqlite.prepare<[string], KeyRow>(
      `SELECT k.id, k.digest, k.environment, k.account_id, a.name, a.tier, a.rate, a.monthly_quota, k.revoked_at, k.expires_at, a.plan_ends_at, a.no_plan_since
       FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.id = ?`,
    );
    this.tableUsage = new TableUsage(sqlite, journalPath);
    this.lockProbe = new WriteLockProbe(sqlite);
    if (ledger) {
      // tick never throws: a fold that fails is reported and retried, and must not end the process from a timer.
      this.foldTimer = setInterval(() => ledger.tick(), FOLD_INTERVAL_MS);
      this.foldTimer.unref();
    }
  }

  async findKey(id: string): Promise<KeyRecord | undefined> {
    const row = this.findKeyStatement.get(id);
    return row && keyRecord(row);
  }

  debitUsage(accountId: number, period: string, records: number, limit: number): Awaitable<UsageDebit> {
    if (this.closed) throw new Error('the store is closed');
    if (this.ledger) return this.ledger.debit(accountId, period, records, limit);
    return this.tableUsage.debit(accountId, period, records, limit);
  }

  usage(accountId: number, period: string): number {
    return this.ledger ? this.ledger.usage(accountId, period) : this.tableUsage.usage(accountId, period);
  }

  refundUsage(accountId: number, period: string, records: number): void {
    if (this.closed) throw new Error('the store is closed');
    if (this.ledger) this.ledger.refund(accountId, period, records);
    else this.tableUsage.refund(accountId, period, records);
  }

  health(): StoreHealth {
    if (!this.ledger) return { ready: !this.closed, counters: {} };
    const report = this.ledger.report();
    // An outside lock first: a fold failing meanwhile is its consequence, and the operator must see the cause.
    if (this.closed || !this.lockProbe.lockedElsewhere()) return report;
    return {
      ...report,
      ready: false,
      detail:
        "another process holds the store file's write lock: requests that write to the store get 503 until it lets go; usage is kept in the journal",
    };
  }

  /**
   * Every account's exact usage in `period`: the owner folds its ledger first; a reader adds the journal's
   * unfolded lines (the journal first, then the totals and the folded position in one snapshot).
   */
  protected async usageTotals(period: string): Promise<Map<number, number>> {
    this.ledger?.fold();
    const lines = this.ledger || this.journalPath === null ? [] : readJournal(this.journalPath);
    // Only reads: a deferred BEGIN, no write lock (see ImmediateSqliteDialect).
    const { rows, folded } = await this.db
      .transaction()
      .setAccessMode('read only')
      .execute(async (tx) => ({
        folded: lines.length === 0 ? 0 : foldedSeq(this.sqlite),
        rows: await tx.selectFrom('usage').select(['account_id', 'records']).where('period', '=', period).execute(),
      }));
    const totals = new Map(rows.map((row) => [row.account_id, row.records]));
    for (const [account, records] of unfoldedUsage(lines, folded, period))
      totals.set(account, Math.max(0, (totals.get(account) ?? 0) + records));
    return totals;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.foldTimer);
    try {
      // A last fold that fails leaves its lines in the journal, replayed at the next start.
      this.ledger?.close();
    } finally {
      this.lock?.release();
      // Kysely's destroy closes the better-sqlite3 handle, which checkpoints the WAL.
      await this.db.destroy();
    }
  }
}
