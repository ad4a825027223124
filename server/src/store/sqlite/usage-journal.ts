import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { StoreRefusedError } from '../store.js';
import { STORE_FILE_MODE } from './store-file.js';

/**
 * Most records one journal line may carry, either way (a debit, or a refund
 * of an undelivered response): far above any request (a batch is at most
 * 1000) and far below what would make a total lose integer precision, so a
 * line beyond it is damage, not usage.
 * @example Math.abs(line.records) <= MAX_LINE_RECORDS
 */
export const MAX_LINE_RECORDS = 1_000_000;

/** One line of the usage journal: `<seq> <account id> <period> <records>`, records negative for a refund. */
export interface JournalLine {
  /** Position in the journal, increasing from line to line. */
  seq: number;
  /** Account the records belong to. */
  accountId: number;
  /** Calendar month, `YYYY-MM`. */
  period: string;
  /** Records debited (positive) or refunded (negative). */
  records: number;
}

// Whole numbers without sign or leading zero (at most 16 digits, so they stay exact), a real month, a signed count.
const LINE = /^([1-9]\d{0,15}) ([1-9]\d{0,15}) (\d{4}-(?:0[1-9]|1[0-2])) (-?[1-9]\d{0,15})$/;

/**
 * The complete lines of a journal file, each checked: the shape, numbers that
 * are exact, a real month, records within MAX_LINE_RECORDS either way and
 * sequence numbers that increase. Text after the last newline is a write a
 * crash cut short (its request was never answered) and is left out. A file
 * that does not exist has no lines.
 * @example readJournal('/srv/store.sqlite-usage.journal') // [{ seq: 1, accountId: 7, period: '2026-11', records: 10 }]
 */
export function readJournal(path: string): JournalLine[] {
  if (!existsSync(path)) return [];
  const texts = readFileSync(path, 'utf8').split('\n');
  texts.pop();
  let previous = 0;
  return texts.map((text, i) => {
    const match = LINE.exec(text);
    const line = match
      ? { seq: Number(match[1]), accountId: Number(match[2]), period: match[3], records: Number(match[4]) }
      : undefined;
    const problem = !line
      ? 'is not "<seq> <account> <YYYY-MM> <records>"'
      : !Number.isSafeInteger(line.seq) || !Number.isSafeInteger(line.accountId)
        ? 'has a number too large to be exact'
        : Math.abs(line.records) > MAX_LINE_RECORDS
          ? `has ${line.records} records, beyond the ${MAX_LINE_RECORDS} one line may carry`
          : line.seq <= previous
            ? `has sequence number ${line.seq} after ${previous}`
            : undefined;
    if (problem !== undefined)
      throw new StoreRefusedError(
        `usage journal ${path}: line ${i + 1} ${problem}: ${JSON.stringify(text.slice(0, 80))}`,
      );
    previous = line!.seq;
    return line!;
  });
}

/**
 * Applies the journal lines a process left behind (after a crash) to the
 * `usage` table, once: lines at or below the recorded position are skipped,
 * and each line is checked (readJournal; its account must exist). Always
 * writes the position, which also proves at start that the store can be
 * written. Returns the position to continue from. The caller must hold the
 * store's usage lock.
 * @example replayJournal(sqlite, '/tmp/store.sqlite-usage.journal') // 0 when there was nothing to do
 */
export function replayJournal(sqlite: Database.Database, journalPath: string): number {
  const seq = applyJournalLines(sqlite, readJournal(journalPath), journalPath);
  if (existsSync(journalPath)) writeFileSync(journalPath, '', { mode: STORE_FILE_MODE });
  return seq;
}

/**
 * Adds the `lines` (read from the journal at `journalPath`, named in errors) past the table's
 * recorded position to the `usage` table in one transaction, and records the new position:
 * the replay at start, and a backup made complete with the lines not yet folded when it was taken.
 * @example applyJournalLines(copy, readJournal(journalPath), journalPath) // 1234
 */
export function applyJournalLines(
  sqlite: Database.Database,
  lines: readonly JournalLine[],
  journalPath: string,
): number {
  const folded = foldedSeq(sqlite);
  const sums = new Map<string, { accountId: number; period: string; records: number }>();
  let seq = folded;
  const account = sqlite.prepare<[number], { id: number }>('SELECT id FROM accounts WHERE id = ?');
  lines.forEach((line, i) => {
    if (line.seq <= folded) return;
    if (!account.get(line.accountId))
      throw new StoreRefusedError(
        `usage journal ${journalPath}: line ${i + 1} names account ${line.accountId}, which does not exist`,
      );
    const id = `${line.accountId} ${line.period}`;
    const sum = sums.get(id) ?? { accountId: line.accountId, period: line.period, records: 0 };
    sum.records += line.records;
    sums.set(id, sum);
    seq = line.seq;
  });
  // A refund may follow its debit into another fold: totals never go below zero.
  const add = sqlite.prepare<[number, string, number]>(
    'INSERT INTO usage (account_id, period, records) VALUES (?, ?, MAX(0, ?)) ON CONFLICT (account_id, period) DO UPDATE SET records = MAX(0, records + excluded.records)',
  );
  const writeFolded = foldedStatement(sqlite);
  sqlite.transaction(() => {
    for (const sum of sums.values()) add.run(sum.accountId, sum.period, sum.records);
    writeFolded.run(seq);
  })();
  return seq;
}

/**
 * Records of the journal not yet folded into the table, in `period`, by account,
 * for readers that do not own the store (`ussynth-server keys list`): read without
 * the lock and without writing, so a reading command never stands in a
 * server's way. The journal is read before the table's position: a fold in
 * between then only moves lines into the table, which the position (read
 * with the totals, in the caller's snapshot) skips.
 * @example const pending = unfoldedUsage(readJournal(path), foldedSeq(sqlite), '2026-11'); pending.get(7) // 120
 */
export function unfoldedUsage(lines: readonly JournalLine[], folded: number, period: string): Map<number, number> {
  const pending = new Map<number, number>();
  for (const line of lines) {
    if (line.seq <= folded || line.period !== period) continue;
    pending.set(line.accountId, (pending.get(line.accountId) ?? 0) + line.records);
  }
  return pending;
}

/**
 * The last journal position folded into the table.
 * @example foldedSeq(sqlite) // 1234
 */
export function foldedSeq(sqlite: Database.Database): number {
  return (
    sqlite.prepare<[], { folded_seq: number }>('SELECT folded_seq FROM usage_journal WHERE id = 1').get()?.folded_seq ??
    0
  );
}

/**
 * The statement that records the folded position.
 * @example foldedStatement(sqlite).run(1234)
 */
export function foldedStatement(sqlite: Database.Database): Database.Statement<[number]> {
  return sqlite.prepare<[number]>(
    'INSERT INTO usage_journal (id, folded_seq) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET folded_seq = excluded.folded_seq',
  );
}
