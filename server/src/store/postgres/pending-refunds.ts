import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { PendingJournal } from '../pending-journal.js';
import type { StoreLog } from '../store.js';

/** One refund owed to an account's month, with the id that makes it apply once however often it is tried. */
export interface PendingRefund {
  id: string;
  accountId: number;
  period: string;
  records: number;
}

/** How often refunds the store refused are tried again. */
export const REFUND_RETRY_MS = 1000;
/** The journal's section of refunds. */
const SECTION = 'refunds';

// The refund's id goes in the table of writes applied once (sli_batches, shared with the SLA's batches and pruned
// with them after 2 days) in the same statement: a retry after a refund whose answer was lost changes nothing.
const REFUND_ONCE_SQL = `
WITH applied AS (
  INSERT INTO sli_batches (batch_id, folded_at) VALUES ($4, $5) ON CONFLICT (batch_id) DO NOTHING RETURNING batch_id
)
UPDATE usage SET records = GREATEST(0, records - $3)
WHERE account_id = $1 AND period = $2 AND EXISTS (SELECT 1 FROM applied)`;

/**
 * Refunds of unserved records (a leased block given back, an undelivered
 * response) in PostgreSQL, each applied once by its id. A refund the store
 * cannot take (PostgreSQL stopped) is kept, in order, and tried again every
 * second until it is taken, so an outage leaves no unserved record charged;
 * the queue is the journal's `refunds` section (USSYNTH_PENDING_FILE), so a
 * restart during the outage keeps it too (docs/deploy.md).
 * @example const refunds = new PendingRefunds(pool, journal, log); await refunds.refund(7, '2026-11', 800);
 */
export class PendingRefunds {
  private readonly queue: PendingRefund[];
  private readonly timer: NodeJS.Timeout;
  private retrying: Promise<void> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly journal: PendingJournal,
    private readonly log: StoreLog,
    private readonly counters: { usage_refund_failures_total: number },
  ) {
    // What the previous run could not refund goes first.
    this.queue = journal.get<PendingRefund>(SECTION);
    this.timer = setInterval(() => void this.retry(), REFUND_RETRY_MS);
    this.timer.unref();
    if (this.queue.length > 0) void this.retry();
  }

  /** Gives back `records` of the account's `period`; never rejects (a failure is kept and tried again). */
  async refund(accountId: number, period: string, records: number): Promise<void> {
    const refund = { id: `refund-${randomUUID()}`, accountId, period, records };
    // Behind refunds still waiting, the store is likely down: queued without a try of its own.
    if (this.queue.length === 0) {
      try {
        await this.apply(refund);
        return;
      } catch (error) {
        this.failed(refund, error);
      }
    }
    this.queue.push(refund);
    this.journal.set(SECTION, this.queue);
  }

  /** Records owed and not yet given back (a gauge for /metrics). */
  get waitingRecords(): number {
    let total = 0;
    for (const refund of this.queue) total += refund.records;
    return total;
  }

  /** Tries the queued refunds in order, until one fails (the store is still down) or none is left. */
  retry(): Promise<void> {
    return (this.retrying ??= this.applyQueued().finally(() => (this.retrying = undefined)));
  }

  /** A last try at shutdown; what is left stays in the journal for the next start. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.retry();
  }

  private async applyQueued(): Promise<void> {
    const before = this.queue.length;
    while (this.queue.length > 0) {
      try {
        await this.apply(this.queue[0]!);
      } catch {
        break;
      }
      this.queue.shift();
    }
    if (this.queue.length !== before) {
      this.journal.set(SECTION, this.queue);
      if (this.queue.length === 0)
        this.log('info', `refunds kept while PostgreSQL was unavailable are given back (${before} refunds)`);
    }
  }

  private async apply(refund: PendingRefund): Promise<void> {
    await this.pool.query(REFUND_ONCE_SQL, [refund.accountId, refund.period, refund.records, refund.id, Date.now()]);
  }

  private failed(refund: PendingRefund, error: unknown): void {
    this.counters.usage_refund_failures_total += 1;
    this.log(
      'warn',
      `a refund of ${refund.records} records for account ${refund.accountId} failed; it is kept and tried again every second until PostgreSQL takes it`,
      error,
    );
  }
}
