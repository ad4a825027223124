import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { Awaitable } from '../../awaitable.js';
import type { UsageDebit, WhenDurable } from '../store.js';

interface Total {
  accountId: number;
  period: string;
  used: number;
  dirty: boolean;
}


/** How often the server folds the journal into the `usage` table. */
export const FOLD_INTERVAL_MS = 1000;

// One line per granted debit: "<seq> <account id> <period> <records>\n".
const LINE = /^(\d+) (\d+) ([^ ]+) (\d+)$/;

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
  /** The journal's descriptor; null for an in-memory store (nothing outlives the process anyway). */
  private fd: number | null;
  /** Bytes in the journal file (so a short write can be cut back off). */
  private journalBytes = 0;
  private closed = false;
  private buffer = '';
  /** This turn's grants not yet written, for undoing them if the write fails (parallel arrays: no object per debit). */
  private pendingTotals: Total[] = [];
  private pendingRecords: number[] = [];
  /** Callbacks waiting for this turn's write. */
  private callbacks: ((error: Error | null) => void)[] = [];
  /** The `whenDurable` of every grant not yet written (one function for all of them). */
  private readonly whenDurable: WhenDurable = (callback) => {
    if (this.pendingTotals.length === 0) callback(null);
    else this.callbacks.push(callback);
  };

  private constructor(
    sqlite: Database.Database,
    journalPath: string | null,
    private seq: number,
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
    this.fd = journalPath === null ? null : openSync(journalPath, 'a');
  }

  /**
   * Replays what an earlier process left in the journal, then opens it for
   * this one (null: no journal, for an in-memory store). The caller must
   * hold the store's usage lock.
   * @example const ledger = UsageLedger.open(sqlite, journalPath)
   */
  static open(sqlite: Database.Database, journalPath: string | null): UsageLedger {
    const seq = journalPath === null ? 0 : replayJournal(sqlite, journalPath);
    return new UsageLedger(sqlite, journalPath, seq);
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
    const total = this.total(accountId, period);
    if (total.used + records > limit) return { granted: false, used: total.used, whenDurable: undefined };
    total.used += records;
    total.dirty = true;
    this.seq += 1;
    if (this.fd === null) return { granted: true, used: total.used, whenDurable: undefined };
    this.buffer += `${this.seq} ${accountId} ${period} ${records}\n`;
    if (this.pendingTotals.length === 0) setImmediate(() => this.writePending());
    this.pendingTotals.push(total);
    this.pendingRecords.push(records);
    return { granted: true, used: total.used, whenDurable: this.whenDurable };
  }

  /** Writes the lines of this turn's debits with one system call, then calls back their requests. */
  private writePending(): void {
    const { buffer, pendingTotals, pendingRecords, callbacks } = this;
    if (pendingTotals.length === 0) return;
    this.buffer = '';
    this.pendingTotals = [];
    this.pendingRecords = [];
    this.callbacks = [];
    try {
      const bytes = Buffer.from(buffer);
      const written = writeSync(this.fd!, bytes);
      if (written !== bytes.length) {
        // A short write (full disk): cut the partial line off so the journal stays whole.
        ftruncateSync(this.fd!, this.journalBytes);
        throw new Error(`usage journal: wrote ${written} of ${bytes.length} bytes (disk full?)`);
      }
      this.journalBytes += written;
    } catch (error) {
      for (let i = 0; i < pendingTotals.length; i++) pendingTotals[i].used -= pendingRecords[i];
      for (const callback of callbacks) callback(error as Error);
      return;
    }
    for (const callback of callbacks) callback(null);
  }

  /** Records used by the account in `period`. */
  usage(accountId: number, period: string): number {
    return this.total(accountId, period).used;
  }

  /**
   * Writes the changed totals and the journal position to SQLite in one
   * transaction, then empties the journal.
   * @example setInterval(() => ledger.fold(), FOLD_INTERVAL_MS)
   */
  fold(): void {
    this.writePending();
    const dirty = [...this.totals.values()].filter((t) => t.dirty);
    if (dirty.length === 0) return;
    this.foldTotals(dirty, this.seq);
    for (const total of dirty) total.dirty = false;
    // Lines up to `seq` are in the table now; a crash before this truncation only leaves lines the replay skips.
    if (this.fd !== null) ftruncateSync(this.fd, 0);
    this.journalBytes = 0;
    // Bounded memory: totals of past months are in the table and are read back if ever needed.
    if (this.totals.size > 100_000) this.totals.clear();
  }

  /** Folds and closes the journal. */
  close(): void {
    if (this.closed) return;
    this.fold();
    this.closed = true;
    if (this.fd !== null) closeSync(this.fd);
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

/**
 * Applies the journal lines a process left behind (after a crash) to the
 * `usage` table, once: lines at or below the recorded position are skipped,
 * and an unfinished last line (a write cut by the crash, its request never
 * served) is ignored. Returns the position to continue from. The caller
 * must hold the store's usage lock.
 * @example replayJournal(sqlite, '/tmp/store.sqlite-usage.journal') // 0 when there was nothing to do
 */
export function replayJournal(sqlite: Database.Database, journalPath: string): number {
  const folded = sqlite.prepare<[], { folded_seq: number }>('SELECT folded_seq FROM usage_journal WHERE id = 1').get()?.folded_seq ?? 0;
  if (!existsSync(journalPath)) return folded;
  const text = readFileSync(journalPath, 'utf8');
  const lines = text.split('\n');
  lines.pop(); // the text after the last newline: empty, or a line the crash cut short
  const sums = new Map<string, { accountId: number; period: string; records: number }>();
  let seq = folded;
  lines.forEach((line, i) => {
    const match = LINE.exec(line);
    if (!match) throw new Error(`usage journal ${journalPath}: line ${i + 1} is not "<seq> <account> <period> <records>": ${JSON.stringify(line.slice(0, 80))}`);
    const lineSeq = Number(match[1]);
    if (lineSeq <= folded) return;
    const id = `${match[2]} ${match[3]}`;
    const sum = sums.get(id) ?? { accountId: Number(match[2]), period: match[3], records: 0 };
    sum.records += Number(match[4]);
    sums.set(id, sum);
    seq = Math.max(seq, lineSeq);
  });
  const add = sqlite.prepare<[number, string, number]>(
    'INSERT INTO usage (account_id, period, records) VALUES (?, ?, ?) ON CONFLICT (account_id, period) DO UPDATE SET records = records + excluded.records',
  );
  const writeFolded = foldedStatement(sqlite);
  sqlite.transaction(() => {
    for (const sum of sums.values()) add.run(sum.accountId, sum.period, sum.records);
    writeFolded.run(seq);
  })();
  writeFileSync(journalPath, '');
  return seq;
}

function foldedStatement(sqlite: Database.Database) {
  return sqlite.prepare<[number]>('INSERT INTO usage_journal (id, folded_seq) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET folded_seq = excluded.folded_seq');
}
