import { closeSync, fstatSync, ftruncateSync, statSync, writeSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { Awaitable } from '../../runtime/awaitable.js';
import type { StoreHealth, StoreLog, UsageDebit, WhenDurable } from '../store.js';
import { LedgerHealth } from './ledger-health.js';
import { openPrivateFile } from './store-file.js';
import { foldedStatement, replayJournal } from './usage-journal.js';

interface Total {
  accountId: number;
  period: string;
  used: number;
  dirty: boolean;
}

/** How often the server folds the journal into the `usage` table. */
export const FOLD_INTERVAL_MS = 1000;

/**
 * The usage of a store served by one API process: totals in memory (checked
 * and reserved at once, so concurrent requests can never overrun the quota),
 * each granted debit appended to a journal file before its request is
 * served, and the totals folded into the SQLite `usage` table every second
 * and on close. The debits of one event-loop turn share one write(2) (group
 * commit): a write costs several microseconds under load, more than the rest
 * of the bookkeeping. A crash (kill -9) keeps every write that returned, so
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
  private readonly totals = new Map<string, Total>();
  private readonly readUsage;
  private readonly writeUsage;
  private readonly writeFolded;
  private readonly foldTotals;
  private readonly health: LedgerHealth;
  /** The journal's descriptor; null for an in-memory store (nothing outlives the process anyway). */
  private fd: number | null;
  /** Bytes of whole lines in the journal file (a short write is cut back to this). */
  private journalBytes = 0;
  /** A short write left part of a line past journalBytes and could not be cut off yet: cut it before the next write. */
  private torn = false;
  private closed = false;
  private buffer = '';
  /** This turn's lines not yet written, for undoing them if the write fails (parallel arrays: no object per debit). */
  private pendingTotals: Total[] = [];
  private pendingRecords: number[] = [];
  /** Whether each total was dirty before the line: an undone debit must not leave a total dirty that was clean. */
  private pendingWasDirty: boolean[] = [];
  /** Callbacks waiting for this turn's write. */
  private callbacks: ((error: Error | null) => void)[] = [];
  /** The `whenDurable` of every grant not yet written (one function for all of them). */
  private readonly whenDurable: WhenDurable = (callback) => {
    if (this.pendingTotals.length === 0) callback(null);
    else this.callbacks.push(callback);
  };
  private readonly writeTurn = () => this.writePending();

  private constructor(
    sqlite: Database.Database,
    private readonly journalPath: string | null,
    private seq: number,
    log: StoreLog,
  ) {
    this.readUsage = sqlite.prepare<[number, string], { records: number }>('SELECT records FROM usage WHERE account_id = ? AND period = ?');
    this.writeUsage = sqlite.prepare<[number, string, number]>(
      'INSERT INTO usage (account_id, period, records) VALUES (?, ?, ?) ON CONFLICT (account_id, period) DO UPDATE SET records = excluded.records',
    );
    this.writeFolded = foldedStatement(sqlite);
    this.foldTotals = sqlite.transaction((dirty: Total[], seq: number) => {
      for (const total of dirty) this.writeUsage.run(total.accountId, total.period, total.used);
      this.writeFolded.run(seq);
    });
    this.health = new LedgerHealth(log);
    this.fd = journalPath === null ? null : openPrivateFile(journalPath);
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
  private append(total: Total, records: number): WhenDurable | undefined {
    const wasDirty = total.dirty;
    total.used += records;
    total.dirty = true;
    this.seq += 1;
    if (this.fd === null) return undefined;
    this.buffer += `${this.seq} ${total.accountId} ${total.period} ${records}\n`;
    if (this.pendingTotals.length === 0) setImmediate(this.writeTurn);
    this.pendingTotals.push(total);
    this.pendingRecords.push(records);
    this.pendingWasDirty.push(wasDirty);
    return this.whenDurable;
  }

  /** Writes the lines of this turn with one system call, then calls back their requests. */
  private writePending(): void {
    const { buffer, pendingTotals, pendingRecords, pendingWasDirty, callbacks } = this;
    if (pendingTotals.length === 0) return;
    this.buffer = '';
    this.pendingTotals = [];
    this.pendingRecords = [];
    this.pendingWasDirty = [];
    this.callbacks = [];
    try {
      const fd = this.fd!;
      if (this.torn) {
        ftruncateSync(fd, this.journalBytes);
        this.torn = false;
      }
      const bytes = Buffer.from(buffer);
      const written = writeSync(fd, bytes);
      if (written !== bytes.length) {
        // A short write (full disk): cut the partial line off so the journal stays whole; if even that fails, the
        // next write cuts it first.
        this.torn = true;
        ftruncateSync(fd, this.journalBytes);
        this.torn = false;
        throw new Error(`usage journal: wrote ${written} of ${bytes.length} bytes (disk full?)`);
      }
      this.journalBytes += written;
    } catch (error) {
      // Undone last to first, so a total touched twice this turn gets back the dirty flag it had before the turn.
      for (let i = pendingTotals.length - 1; i >= 0; i--) {
        pendingTotals[i].used -= pendingRecords[i];
        pendingTotals[i].dirty = pendingWasDirty[i];
      }
      this.health.writeFailed(error);
      for (const callback of callbacks) callback(error as Error);
      return;
    }
    this.health.writeSucceeded();
    for (const callback of callbacks) callback(null);
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
    this.writePending();
    const dirty = [...this.totals.values()].filter((t) => t.dirty);
    if (dirty.length === 0) return;
    this.foldTotals(dirty, this.seq);
    for (const total of dirty) total.dirty = false;
    // Lines up to `seq` are in the table now; a crash before this truncation only leaves lines the replay skips.
    if (this.fd !== null) {
      ftruncateSync(this.fd, 0);
      this.journalBytes = 0;
      this.torn = false;
    }
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
    const moved = this.journalMoved();
    try {
      this.fold();
    } catch (error) {
      this.health.foldFailed(error);
      // The lines since the last fold are only in memory now: refuse debits until they are in the table.
      if (moved) this.health.journalLost(`usage journal ${this.journalPath} was deleted or replaced and the totals cannot be folded`);
      return;
    }
    this.health.foldSucceeded();
    if (moved) this.recreateJournal();
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
      if (this.fd !== null) closeSync(this.fd);
    }
  }

  /** Whether the journal's path no longer names the file this ledger writes (deleted, or replaced). */
  private journalMoved(): boolean {
    if (this.fd === null || this.journalPath === null) return false;
    if (this.health.journalMissing) return true;
    try {
      const onDisk = statSync(this.journalPath);
      const open = fstatSync(this.fd);
      return onDisk.ino !== open.ino || onDisk.dev !== open.dev;
    } catch {
      return true;
    }
  }

  private recreateJournal(): void {
    const path = this.journalPath!;
    let fresh: number;
    try {
      fresh = openPrivateFile(path);
      // A file someone else put there holds nothing of ours (everything is folded): start it empty.
      ftruncateSync(fresh, 0);
    } catch (error) {
      this.health.journalLost(`usage journal ${path} was deleted and cannot be recreated`, error);
      return;
    }
    closeSync(this.fd!);
    this.fd = fresh;
    this.journalBytes = 0;
    this.torn = false;
    this.health.journalRecreated(path);
  }

  private total(accountId: number, period: string): Total {
    const id = `${accountId} ${period}`;
    let total = this.totals.get(id);
    if (!total) {
      total = { accountId, period, used: this.readUsage.get(accountId, period)?.records ?? 0, dirty: false };
      this.totals.set(id, total);
    }
    return total;
  }
}
