import type pg from 'pg';
import type { UsageDebit } from '../store.js';

interface PendingDebit {
  accountId: number;
  period: string;
  records: number;
  limit: number;
  resolve: (debit: UsageDebit) => void;
  reject: (error: Error) => void;
}

// One statement for a whole batch: each (account, period) gets its batch's sum added unless that passes its limit
// (INSERT for a first debit of the month, a conditional UPDATE after), and every row reports its total: the new
// one when granted, the unchanged one when not (the main query reads the snapshot before the CTE's change).
const DEBIT_BATCH_SQL = `
WITH req AS (
  SELECT * FROM unnest($1::int[], $2::text[], $3::bigint[], $4::bigint[]) AS r(account_id, period, records, lim)
), granted AS (
  INSERT INTO usage AS u (account_id, period, records)
  SELECT account_id, period, records FROM req WHERE records <= lim
  ON CONFLICT (account_id, period) DO UPDATE SET records = u.records + excluded.records
  WHERE u.records + excluded.records <= (SELECT lim FROM req WHERE req.account_id = u.account_id AND req.period = u.period)
  RETURNING u.account_id, u.period, u.records
)
SELECT req.account_id, req.period, COALESCE(granted.records, current.records, 0) AS records, granted.records IS NOT NULL AS granted
FROM req
LEFT JOIN granted ON granted.account_id = req.account_id AND granted.period = req.period
LEFT JOIN usage current ON current.account_id = req.account_id AND current.period = req.period`;

/**
 * Monthly usage debits in PostgreSQL, exact and durable when granted: the
 * debits of one event-loop turn go out as one statement (grouped by account
 * and month), so a busy instance makes one round trip per turn, not per
 * request, and several instances can debit the same account without ever
 * passing its limit (each row's update is conditional and row-locked). When
 * a group's sum does not fit but some of its debits would, those are retried
 * one by one in arrival order (only near the end of a quota).
 * @example const { granted, used } = await batcher.debit(7, '2026-11', 1000, 100_000);
 */
export class PostgresUsageBatcher {
  private pending: PendingDebit[] = [];
  private readonly flushing = new Set<Promise<void>>();

  /** `failed` is told of each debit that fails (PostgreSQL unreachable or refusing), for the store's error counter. */
  constructor(
    private readonly pool: pg.Pool,
    private readonly failed: () => void = () => {},
  ) {}

  /** Debits `records` unless the period's total would pass `limit`; resolves once committed. */
  debit(accountId: number, period: string, records: number, limit: number): Promise<UsageDebit> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => this.track(this.flush()));
      this.pending.push({ accountId, period, records, limit, resolve, reject });
    });
  }

  /** Waits for every debit asked for so far to be decided (before the pool closes). */
  async drain(): Promise<void> {
    while (this.pending.length > 0 || this.flushing.size > 0) {
      if (this.pending.length > 0) this.track(this.flush());
      await Promise.all(this.flushing);
    }
  }

  private track(work: Promise<void>): void {
    this.flushing.add(work);
    void work.finally(() => this.flushing.delete(work));
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const groups = new Map<string, PendingDebit[]>();
    for (const debit of batch) {
      const key = `${debit.accountId} ${debit.period}`;
      const group = groups.get(key);
      if (group) group.push(debit);
      else groups.set(key, [debit]);
    }
    let rows: { account_id: number; period: string; records: number; granted: boolean }[];
    try {
      rows = await this.run(
        [...groups.values()].map((group) => ({
          accountId: group[0].accountId,
          period: group[0].period,
          records: sum(group),
          limit: Math.min(...group.map((d) => d.limit)),
        })),
      );
    } catch (error) {
      for (const debit of batch) this.reject(debit, error);
      return;
    }
    for (const row of rows) {
      const group = groups.get(`${row.account_id} ${row.period}`)!;
      if (row.granted)
        for (const debit of group) debit.resolve({ granted: true, used: row.records, whenDurable: undefined });
      else if (group.length === 1) group[0].resolve({ granted: false, used: row.records, whenDurable: undefined });
      else this.track(this.oneByOne(group));
    }
  }

  private reject(debit: PendingDebit, error: unknown): void {
    this.failed();
    debit.reject(error as Error);
  }

  private async oneByOne(group: PendingDebit[]): Promise<void> {
    for (const debit of group) {
      try {
        const [row] = await this.run([debit]);
        debit.resolve({ granted: row.granted, used: row.records, whenDurable: undefined });
      } catch (error) {
        this.reject(debit, error);
      }
    }
  }

  private async run(items: { accountId: number; period: string; records: number; limit: number }[]) {
    // A named statement: each connection parses and plans it once, then only binds the arrays.
    const result = await this.pool.query<{ account_id: number; period: string; records: number; granted: boolean }>({
      name: 'ussynth_debit_batch',
      text: DEBIT_BATCH_SQL,
      values: [
        items.map((i) => i.accountId),
        items.map((i) => i.period),
        items.map((i) => i.records),
        items.map((i) => i.limit),
      ],
    });
    return result.rows;
  }
}

function sum(group: PendingDebit[]): number {
  let total = 0;
  for (const debit of group) total += debit.records;
  return total;
}
