import { closeSync, fstatSync, ftruncateSync, statSync, writeSync } from 'node:fs';
import type { WhenDurable } from '../store.js';
import type { LedgerHealth } from './ledger-health.js';
import { openPrivateFile } from './store-file.js';

/** One account's total for one period, as the usage ledger holds it in memory. */
export interface UsageTotal {
  accountId: number;
  period: string;
  used: number;
  /** Changed since the last fold. */
  dirty: boolean;
}

/**
 * The usage ledger's journal file: each debit's line queued, and the lines of
 * one event-loop turn written with one write(2) (group commit) before their
 * requests are called back. A write that fails (a full disk) undoes that
 * turn's debits and calls back with the error; a short write is cut back so
 * the journal holds whole lines only. The ledger empties it after each fold,
 * and recreates it when it was deleted or replaced under the server.
 * @example const journal = new JournalWriter('/tmp/store.sqlite-usage.journal', health); journal.append(total, 5, false, 1)(console.log)
 */
export class JournalWriter {
  private fd: number;
  /** Bytes of whole lines in the journal file (a short write is cut back to this). */
  private journalBytes = 0;
  /** A short write left part of a line past journalBytes and could not be cut off yet: cut it before the next write. */
  private torn = false;
  private buffer = '';
  /** This turn's lines not yet written, for undoing them if the write fails (parallel arrays: no object per debit). */
  private pendingTotals: UsageTotal[] = [];
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

  constructor(
    /** The journal file's path. */
    readonly path: string,
    private readonly health: LedgerHealth,
  ) {
    this.fd = openPrivateFile(path);
  }

  /**
   * Queues the line of a change of `records` already made to `total` (which was `wasDirty` before it) for the end
   * of this turn; the line's whenDurable.
   * @example const whenDurable = journal.append(total, 5, false, 42)
   */
  append(total: UsageTotal, records: number, wasDirty: boolean, seq: number): WhenDurable {
    this.buffer += `${seq} ${total.accountId} ${total.period} ${records}\n`;
    if (this.pendingTotals.length === 0) setImmediate(this.writeTurn);
    this.pendingTotals.push(total);
    this.pendingRecords.push(records);
    this.pendingWasDirty.push(wasDirty);
    return this.whenDurable;
  }

  /**
   * Writes the lines of this turn with one system call, then calls back their requests.
   * @example journal.writePending()
   */
  writePending(): void {
    const { buffer, pendingTotals, pendingRecords, pendingWasDirty, callbacks } = this;
    if (pendingTotals.length === 0) return;
    this.buffer = '';
    this.pendingTotals = [];
    this.pendingRecords = [];
    this.pendingWasDirty = [];
    this.callbacks = [];
    try {
      const fd = this.fd;
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

  /**
   * Empties the journal once its lines are in the table (a crash before this only leaves lines the replay skips).
   * @example journal.empty()
   */
  empty(): void {
    ftruncateSync(this.fd, 0);
    this.journalBytes = 0;
    this.torn = false;
  }

  /**
   * Whether the journal's path no longer names the file written here (deleted, or replaced).
   * @example if (journal.moved()) journal.recreate()
   */
  moved(): boolean {
    if (this.health.journalMissing) return true;
    try {
      const onDisk = statSync(this.path);
      const open = fstatSync(this.fd);
      return onDisk.ino !== open.ino || onDisk.dev !== open.dev;
    } catch {
      return true;
    }
  }

  /**
   * Opens a fresh, empty journal at the path, once everything is folded; reports a journal lost when it cannot.
   * @example journal.recreate()
   */
  recreate(): void {
    let fresh: number;
    try {
      fresh = openPrivateFile(this.path);
      // A file someone else put there holds nothing of ours (everything is folded): start it empty.
      ftruncateSync(fresh, 0);
    } catch (error) {
      this.health.journalLost(`usage journal ${this.path} was deleted and cannot be recreated`, error);
      return;
    }
    closeSync(this.fd);
    this.fd = fresh;
    this.journalBytes = 0;
    this.torn = false;
    this.health.journalRecreated(this.path);
  }

  /**
   * Closes the file.
   * @example journal.close()
   */
  close(): void {
    closeSync(this.fd);
  }
}
