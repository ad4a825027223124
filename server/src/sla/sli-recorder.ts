import { randomUUID } from 'node:crypto';
import { OVERALL, type SliMinute, type SliStore } from '../store/sli-store.js';

/** How often an instance folds its counts into the store: a killed instance loses at most this much of counting. */
export const SLI_FLUSH_MS = 5000;
const MINUTE_MS = 60_000;

/** Where the recorder reports each counted request (the Prometheus counters). */
export interface SliCounters {
  /** One request that counts, good or bad. */
  sli(good: boolean): void;
}

/**
 * What the app counts the SLA's requests with (AppServices.sli): SliRecorder in every server; a benchmark passes a
 * no-op to startServer to measure what counting costs a request (bench/sla-request-cost.bench.ts).
 * @example const sli: SliCounting = new SliRecorder(store.sli, { slowMs: 2500, counters: metrics, clock: Date.now });
 */
export interface SliCounting {
  /** Counts one answered /v1 request (see SliRecorder.answered). */
  answered(accountId: number | null, status: number, elapsedMs: number, now?: number): void;
  /** Where a failed fold is reported. */
  reportErrors(onError: (error: unknown) => void): void;
  /** Folds what was counted into the store. */
  flush(): Promise<void>;
  /** Stops counting and folds what is left. */
  close(): Promise<void>;
}

/** A batch waiting to be folded (kept with its id, so a retry after a lost answer is not counted twice). */
interface PendingBatch {
  id: string;
  minutes: SliMinute[];
}

/**
 * Counts, per minute, the /v1 requests that count for the SLA (docs/sla.md),
 * per account and overall, in memory on the hot path (two map updates), and
 * folds them into the store every 5 s as one batch with an id of its own:
 * the store adds a batch once across the fleet, so a retry after a write
 * whose answer was lost never counts twice. A batch that fails stays queued
 * (in order) and is retried; counts made meanwhile go in the next batch. A
 * killed instance (kill -9) loses what it counted since its last batch
 * folded (at most 5 s while the store answers); a drained one folds
 * everything on close.
 * @example recorder.answered(7, 200, 3.2); recorder.answered(null, 503, 1);
 */
export class SliRecorder implements SliCounting {
  private readonly instance = randomUUID();
  private sequence = 0;
  private minute = -1;
  /** Counts of the current minute by account id (OVERALL included): [good, bad]. */
  private current = new Map<number, [number, number]>();
  /** Finished minutes not yet batched. */
  private finished: SliMinute[] = [];
  private readonly pending: PendingBatch[] = [];
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly store: SliStore,
    private readonly options: { slowMs: number; counters: SliCounters; clock: () => number; onError?: (error: unknown) => void; flushMs?: number },
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushMs ?? SLI_FLUSH_MS);
    this.timer.unref();
  }

  /**
   * Counts one answered /v1 request: 4xx (the request's own fault, over the rate or quota) does not count; a 5xx or
   * an answer slower than the threshold is bad; anything else good. `accountId` is null before authentication; `now`
   * is the request's time when known (its authentication's), else the clock's.
   */
  answered(accountId: number | null, status: number, elapsedMs: number, now = this.options.clock()): void {
    if (status >= 400 && status < 500) return;
    const good = status < 500 && elapsedMs <= this.options.slowMs;
    const minute = now - (now % MINUTE_MS);
    if (minute !== this.minute) this.turnMinute(minute);
    this.add(OVERALL, good);
    if (accountId !== null) this.add(accountId, good);
    this.options.counters.sli(good);
  }

  /** Where a failed fold is reported (the server's log); the batch stays queued either way. */
  reportErrors(onError: (error: unknown) => void): void {
    this.options.onError = onError;
  }

  /** Folds what was counted (queued batches first); on a store error it stays queued for the next try. */
  flush(): Promise<void> {
    return (this.flushing ??= this.write().finally(() => (this.flushing = undefined)));
  }

  /** Stops the timer and folds what is left. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flushing;
    await this.flush();
  }

  /** Requests counted but not yet folded (the overall rows count each request once). */
  get unfolded(): number {
    const [good, bad] = this.current.get(OVERALL) ?? [0, 0];
    const waiting = [...this.finished, ...this.pending.flatMap((batch) => batch.minutes)];
    return good + bad + waiting.reduce((sum, m) => sum + (m.accountId === OVERALL ? m.good + m.bad : 0), 0);
  }

  private add(accountId: number, good: boolean): void {
    let counts = this.current.get(accountId);
    if (!counts) {
      counts = [0, 0];
      this.current.set(accountId, counts);
    }
    counts[good ? 0 : 1] += 1;
  }

  private turnMinute(minute: number): void {
    for (const [accountId, [good, bad]] of this.current) this.finished.push({ accountId, minute: this.minute, good, bad });
    this.current = new Map();
    this.minute = minute;
  }

  private async write(): Promise<void> {
    // The current minute goes too (its rows are added to, not replaced): the status page is at most a batch behind.
    const minutes = this.finished;
    for (const [accountId, [good, bad]] of this.current) minutes.push({ accountId, minute: this.minute, good, bad });
    this.finished = [];
    this.current = new Map();
    if (minutes.length > 0) this.pending.push({ id: `${this.instance}-${++this.sequence}`, minutes });
    while (this.pending.length > 0) {
      try {
        await this.store.addBatch(this.pending[0]!);
      } catch (error) {
        this.options.onError?.(error);
        return;
      }
      this.pending.shift();
    }
  }
}
