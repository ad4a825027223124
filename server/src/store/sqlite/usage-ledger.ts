import type Database from 'better-sqlite3';
import type { Awaitable } from '../../runtime/awaitable.js';
import type { StoreHealth, StoreLog, UsageDebit, WhenDurable } from '../store.js';
import { LedgerHealth } from './ledger-health.js';
import { JournalWriter, type UsageTotal } from './journal-writer.js';
import { foldedStatement, replayJournal } from './usage-journal.js';

/** How often the server folds the journal into the `usage` table. */
export const FOLD_INTERVAL_MS = 1000;

/**
 * The usage of a store served by one API process: totals in memory (checked
 * and reserved at once, so concurrent requests can never overrun the quota),
 * each granted debit appended to a journal file before its request is
 * served, and the totals folded into the SQLite `usage` table every second
 * and on close. The debits of one event-loop turn share one write(2) (group
 * commit): a write costs several microseconds under load, more than the rest
 * of the bookkeeping (the journal's writing is JournalWriter). A crash (kill -9) keeps every write that returned, so
 * only requests in flight lose their usage; the next open replays the
 * journal exactly once (each line has a sequence number; the table records
 * the last one folded, in the same transaction as the totals).
 *
 * A fold that fails (a full disk, a read-only file) is retried every second
 * and reported through `health()` and the log; the totals stay dirty and the
 * journal keeps every line until a fold succeeds, so nothing is lost. The
 * journal's identity is checked at every fold (a stat, once a second): a
 * journal deleted or replaced under the server is recreated right after the
 * fold that put its lines in the table, and while that cannot happen debits
 * are refused.
 *
 * This replaced a SQLite transaction per turn, which cost more than the rest
 * of a request. A grant says when it is durable through a callback rather
 * than a promise: with four promises per request (ledger, quota, route,
 * Fastify's wrapper) the bookkeeping of the wait cost more than the write.
 * @example const ledger = UsageLedger.open(sqlite, '/tmp/store.sqlite-usage.journal'); ledger.debit(1, '2026-11', 10, 100_000)
 */
export class UsageLedger {
  private readonly totals = new Map<string, UsageTotal>();
  private readonly readUsage;
  private readonly writeUsage;
  private readonly writeFolded;
  private readonly foldTotals;
  private readonly health: LedgerHealth;
  /** The journal; null for an in-memory store (nothing outlives the process anyway). */
  private readonly journal: JournalWriter | null;
  private closed = false;

  private constructor(
    sqlite: Database.Database,
    journalPath: string | null,
    private seq: number,
    log: StoreLog,
  ) {
    this.readUsage = sqlite.prepare<[number, string], { records: number }>(
      'SELECT records FROM usage WHERE account_id = ? AND period = ?',
    );
    this.writeUsage = sqlite.prepare<[number, string, number]>(
      'INSERT INTO usage (account_id, period, records) VALUES (?, ?, ?) ON CONFLICT (account_id, period) DO UPDATE SET records = excluded.records',
    );
    this.writeFolded = foldedStatement(sqlite);
    this.foldTotals = sqlite.transaction((dirty: UsageTotal[], seq: number) => {
      for (const total of dirty) this.writeUsage.run(total.accountId, total.period, total.used);
      this.writeFolded.run(seq);
    });
    this.health = new LedgerHealth(log);
    this.journal = journalPath === null ? null : new JournalWriter(journalPath, this.health);
  }

  /**
   * Replays what an earlier process left in the journal, then opens it for
   * this one (null: no journal, for an in-memory store). The caller must
   * hold the store's usage lock.
   * @example const ledger = UsageLedger.open(sqlite, journalPath, log)
   */
  static open(sqlite: Database.Database, journalPath: string | null, log: StoreLog = () => {}): UsageLedger {
    const seq = journalPath === null ? 0 : replayJournal(sqlite, journalPath);
    return new UsageLedger(sqlite, journalPath, seq, log);
  }

  /**
   * Debits `records` unless the period's total would pass `limit`, at once.
   * A grant's `whenDurable` calls back once its journal line is written at
   * the end of this event-loop turn (or with the error, the debit undone,
   * when the write fails: the request fails closed and is not served).
   * @example ledger.debit(7, '2026-11', 1000, 100_000) // { granted: true, used: 1000, whenDurable: [Function] }
   */
  debit(accountId: number, period: string, records: number, limit: number): Awaitable<UsageDebit> {
    if (this.closed) throw new Error('the usage ledger is closed');
    if (this.health.journalMissing) throw new Error('the usage journal is missing');
    const total = this.total(accountId, period);
    if (total.used + records > limit) return { granted: false, used: total.used, whenDurable: undefined };
    const whenDurable = this.append(total, records);
    return { granted: true, used: total.used, whenDurable };
  }

  /**
   * Gives back up to `records` of a period's total (never below zero), for a
   * response that never reached its connection; journaled like a debit.
   * @example ledger.refund(7, '2026-11', 1000)
   */
  refund(accountId: number, period: string, records: number): void {
    if (this.closed) throw new Error('the usage ledger is closed');
    const total = this.total(accountId, period);
    const given = Math.min(records, total.used);
    if (given > 0) this.append(total, -given);
  }

  /** Changes a total and queues its journal line for the end of this turn; the line's whenDurable, if journaled. */
  private append(total: UsageTotal, records: number): WhenDurable | undefined {
    const wasDirty = total.dirty;
    total.used += records;
    total.dirty = true;
    this.seq += 1;
    return this.journal === null ? undefined : this.journal.append(total, records, wasDirty, this.seq);
  }

  /** Records used by the account in `period`. */
  usage(accountId: number, period: string): number {
    return this.total(accountId, period).used;
  }

  /**
   * Writes the changed totals and the journal position to SQLite in one
   * transaction, then empties the journal. Throws when the store cannot be
   * written; nothing is lost then (the totals stay dirty, the journal whole).
   * @example ledger.fold()
   */
  fold(): void {
    this.journal?.writePending();
    const dirty = [...this.totals.values()].filter((t) => t.dirty);
    if (dirty.length === 0) return;
    this.foldTotals(dirty, this.seq);
    for (const total of dirty) total.dirty = false;
    // Lines up to `seq` are in the table now; a crash before this truncation only leaves lines the replay skips.
    this.journal?.empty();
    // Bounded memory: totals of past months are in the table and are read back if ever needed.
    if (this.totals.size > 100_000) this.totals.clear();
  }

  /**
   * The once-a-second fold of a server: never throws. A failure is counted,
   * logged and retried at the next tick; a journal deleted or replaced since
   * the last tick is recreated once its lines are folded.
   * @example setInterval(() => ledger.tick(), FOLD_INTERVAL_MS)
   */
  tick(): void {
    if (this.closed) return;
    const moved = this.journal?.moved() ?? false;
    try {
      this.fold();
    } catch (error) {
      this.health.foldFailed(error);
      // The lines since the last fold are only in memory now: refuse debits until they are in the table.
      if (moved)
        this.health.journalLost(
          `usage journal ${this.journal!.path} was deleted or replaced and the totals cannot be folded`,
        );
      return;
    }
    this.health.foldSucceeded();
    if (moved) this.journal!.recreate();
  }

  /** Readiness and counters (see LedgerHealth). */
  report(): StoreHealth {
    return this.health.report();
  }

  /** Folds and closes the journal; the journal is closed even when the fold fails (its lines are replayed at the next start). */
  close(): void {
    if (this.closed) return;
    try {
      this.fold();
    } finally {
      this.closed = true;
      this.journal?.close();
    }
  }

  private total(accountId: number, period: string): UsageTotal {
    const id = `${accountId} ${period}`;
    let total = this.totals.get(id);
    if (!total) {
      total = { accountId, period, used: this.readUsage.get(accountId, period)?.records ?? 0, dirty: false };
      this.totals.set(id, total);
    }
    return total;
  }
}
