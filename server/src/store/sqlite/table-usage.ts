import type { SqliteDatabase } from './sqlite-driver.js';
import type { UsageDebit } from '../store.js';
import { foldedSeq, readJournal, unfoldedUsage } from './usage-journal.js';

/**
 * Usage in a process that does not own the store's usage ledger (the
 * operator's commands): debits and refunds go straight to the `usage` table,
 * one statement each, and reads add the journal lines the serving process has
 * not folded yet, so `ussynth-server keys list` is exact after a kill -9.
 * @example const usage = new TableUsage(sqlite, '/tmp/store.sqlite-usage.journal'); usage.usage(7, '2026-11')
 */
export class TableUsage {
  private readonly debitStatement;
  private readonly usageStatement;
  private readonly refundStatement;

  constructor(
    private readonly sqlite: SqliteDatabase,
    /** The usage journal, which reads add to the table (null in memory). */
    private readonly journalPath: string | null,
  ) {
    // One statement, so a debit can never push usage past the limit.
    this.debitStatement = sqlite.prepare<{ account: number; period: string; records: number; limit: number }>(
      `INSERT INTO usage (account_id, period, records) SELECT @account, @period, @records WHERE @records <= @limit
       ON CONFLICT (account_id, period) DO UPDATE SET records = records + excluded.records
       WHERE records + excluded.records <= @limit
       RETURNING records`,
    );
    this.usageStatement = sqlite.prepare<[number, string], { records: number }>(
      `SELECT records FROM usage WHERE account_id = ? AND period = ?`,
    );
    this.refundStatement = sqlite.prepare<[number, number, string]>(
      `UPDATE usage SET records = MAX(0, records - ?) WHERE account_id = ? AND period = ?`,
    );
  }

  /**
   * Debits `records` in the table unless the period's total would pass `limit`.
   * @example usage.debit(7, '2026-11', 1000, 100_000) // { granted: true, used: 1000, whenDurable: undefined }
   */
  debit(accountId: number, period: string, records: number, limit: number): UsageDebit {
    // RETURNING gives the new total when the debit is granted; only a refusal needs a second read.
    const row = this.debitStatement.get({ account: accountId, period, records, limit }) as
      | { records: number }
      | undefined;
    return {
      granted: row !== undefined,
      used: row ? row.records : this.usage(accountId, period),
      whenDurable: undefined,
    };
  }

  /**
   * Gives back up to `records` of a period's total in the table (never below zero).
   * @example usage.refund(7, '2026-11', 1000)
   */
  refund(accountId: number, period: string, records: number): void {
    this.refundStatement.run(records, accountId, period);
  }

  /**
   * Records used by the account in `period`: the table plus the journal's unfolded lines (the journal first, then
   * the total and the folded position in one snapshot).
   * @example usage.usage(7, '2026-11') // 1000
   */
  usage(accountId: number, period: string): number {
    if (this.journalPath === null) return this.usageStatement.get(accountId, period)?.records ?? 0;
    const lines = readJournal(this.journalPath);
    const { records, folded } = this.sqlite.transaction(() => ({
      folded: foldedSeq(this.sqlite),
      records: this.usageStatement.get(accountId, period)?.records ?? 0,
    }))();
    return Math.max(0, records + (unfoldedUsage(lines, folded, period).get(accountId) ?? 0));
  }
}
