import { randomUUID } from 'node:crypto';
import { digestsEqual } from '../store/api-key.js';
import type { KeyRecord } from '../store/key-store.js';
import type { PendingJournal } from '../store/pending-journal.js';
import { OVERALL, type SliMinute, type SliStore } from '../store/sli-store.js';
import type { KeyClaim } from './key-claim.js';

/** How often an instance folds its counts into the store: a killed instance loses at most this much of counting. */
export const SLI_FLUSH_MS = 5000;
const MINUTE_MS = 60_000;
/** Distinct (key, presented digest) pairs kept for attribution while the store is down; past it, counted overall only. */
export const MAX_KEY_CLAIMS = 10_000;
/** The journal's sections: batches not yet folded, and failures not yet attributed to an account. */
const BATCHES = 'sli-batches';
const CLAIMS = 'sli-claims';

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
  answered(accountId: number | null, status: number, elapsedMs: number, now?: number, claim?: KeyClaim | null): void;
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

/** Bad requests of one minute that carried a key this instance could not read (the store down): attributed once it answers. */
interface PendingClaim {
  keyId: string;
  /** SHA-256 of the presented key, hex. */
  digest: string;
  minute: number;
  bad: number;
}

/**
 * What the recorder needs besides the SLA's rows: the threshold, counters and clock, the key lookup that attributes
 * a claim, and the journal.
 * @example new SliRecorder(store.sli, { slowMs: 2500, counters: metrics, clock: Date.now, findKey: (id) => store.findKey(id), journal });
 */
export interface SliRecorderOptions {
  slowMs: number;
  counters: SliCounters;
  clock: () => number;
  onError?: (error: unknown) => void;
  flushMs?: number;
  /** Reads a key (the store's findKey), to attribute failures that came before authentication could. */
  findKey?: (id: string) => Promise<KeyRecord | undefined>;
  /** Where batches and claims wait while the store is down (kept across a restart with USSYNTH_PENDING_FILE). */
  journal?: PendingJournal;
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
 * everything on close, and what the store refuses then stays in the pending
 * journal (USSYNTH_PENDING_FILE) for the next start. A request that failed
 * before its key could be read (the store down) counts for the key's account
 * when the instance can tell: at once from the key cache, else once the store
 * answers again and the presented key's digest matches the stored one.
 * @example recorder.answered(7, 200, 3.2); recorder.answered(null, 503, 1, undefined, { keyId: 'Ab3dE6gH', digest });
 */
export class SliRecorder implements SliCounting {
  private readonly instance = randomUUID();
  private sequence = 0;
  private minute = -1;
  /** Counts of the current minute by account id (OVERALL included): [good, bad]. */
  private current = new Map<number, [number, number]>();
  /** Finished minutes not yet batched. */
  private finished: SliMinute[] = [];
  private readonly pending: PendingBatch[];
  /** Claims by key id, presented digest and minute. */
  private readonly claims = new Map<string, PendingClaim>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly store: SliStore,
    private readonly options: SliRecorderOptions,
  ) {
    // What a previous run could not fold or attribute comes first.
    this.pending = options.journal?.get<PendingBatch>(BATCHES) ?? [];
    for (const claim of options.journal?.get<PendingClaim>(CLAIMS) ?? [])
      this.claims.set(claimKey(claim.keyId, claim.digest, claim.minute), claim);
    this.timer = setInterval(() => void this.flush(), options.flushMs ?? SLI_FLUSH_MS);
    this.timer.unref();
  }

  /**
   * Counts one answered /v1 request: 4xx (the request's own fault, over the rate or quota) does not count; a 5xx or
   * an answer slower than the threshold is bad; anything else good. `accountId` is null before authentication; `now`
   * is the request's time when known (its authentication's), else the clock's. `claim`: the key a request carried
   * that failed before its account was read (see KeyClaim).
   */
  answered(
    accountId: number | null,
    status: number,
    elapsedMs: number,
    now = this.options.clock(),
    claim: KeyClaim | null = null,
  ): void {
    if (status >= 400 && status < 500) return;
    const good = status < 500 && elapsedMs <= this.options.slowMs;
    const minute = now - (now % MINUTE_MS);
    if (minute !== this.minute) this.turnMinute(minute);
    this.add(OVERALL, good);
    if (accountId !== null) this.add(accountId, good);
    else if (claim !== null && !good) this.claim(claim, minute);
    this.options.counters.sli(good);
  }

  /** Failures waiting for the store to say which account their key belongs to. */
  get unattributed(): number {
    let total = 0;
    for (const claim of this.claims.values()) total += claim.bad;
    return total;
  }

  /** Where a failed fold is reported (the server's log); the batch stays queued either way. */
  reportErrors(onError: (error: unknown) => void): void {
    this.options.onError = onError;
  }

  /** Folds what was counted (queued batches first); on a store error it stays queued for the next try. */
  flush(): Promise<void> {
    return (this.flushing ??= this.write().finally(() => (this.flushing = undefined)));
  }

  /** Stops the timer and folds what is left; what the store refuses stays in the journal. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flushing;
    await this.flush();
    this.keep();
  }

  /** Requests counted but not yet folded (the overall rows count each request once). */
  get unfolded(): number {
    const [good, bad] = this.current.get(OVERALL) ?? [0, 0];
    const waiting = [...this.finished, ...this.pending.flatMap((batch) => batch.minutes)];
    return good + bad + waiting.reduce((sum, m) => sum + (m.accountId === OVERALL ? m.good + m.bad : 0), 0);
  }

  private claim(claim: KeyClaim, minute: number): void {
    if ('accountId' in claim) {
      this.add(claim.accountId, false);
      return;
    }
    const key = claimKey(claim.keyId, claim.digest, minute);
    const known = this.claims.get(key);
    if (known) known.bad += 1;
    // Past the bound (or without a key lookup) the failure counts overall only.
    else if (this.claims.size < MAX_KEY_CLAIMS && this.options.findKey)
      this.claims.set(key, { keyId: claim.keyId, digest: claim.digest, minute, bad: 1 });
  }

  /**
   * Attributes the claims whose keys the store now reads: a key whose stored digest matches the presented one counts
   * its failures for its account; any other (unknown, forged) counts for none. Stops at the first failed read (the
   * store is still down): the rest wait for the next fold.
   */
  private async attribute(): Promise<void> {
    const { findKey } = this.options;
    if (!findKey || this.claims.size === 0) return;
    const records = new Map<string, KeyRecord | undefined>();
    for (const [key, claim] of this.claims) {
      if (!records.has(claim.keyId)) {
        try {
          records.set(claim.keyId, await findKey(claim.keyId));
        } catch {
          return;
        }
      }
      const record = records.get(claim.keyId);
      if (record && digestsEqual(Buffer.from(claim.digest, 'hex'), record.digest))
        this.finished.push({ accountId: record.accountId, minute: claim.minute, good: 0, bad: claim.bad });
      this.claims.delete(key);
    }
  }

  /** Keeps what is not folded yet in the journal (written within a second, and at close). */
  private keep(): void {
    this.options.journal?.set(BATCHES, this.pending);
    this.options.journal?.set(CLAIMS, [...this.claims.values()]);
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
    for (const [accountId, [good, bad]] of this.current)
      this.finished.push({ accountId, minute: this.minute, good, bad });
    this.current = new Map();
    this.minute = minute;
  }

  private async write(): Promise<void> {
    const waiting = this.pending.length + this.claims.size;
    await this.attribute();
    // The current minute goes too (its rows are added to, not replaced): the status page is at most a batch behind.
    const minutes = this.finished;
    for (const [accountId, [good, bad]] of this.current) minutes.push({ accountId, minute: this.minute, good, bad });
    this.finished = [];
    this.current = new Map();
    if (minutes.length > 0) this.pending.push({ id: `${this.instance}-${++this.sequence}`, minutes: merged(minutes) });
    try {
      while (this.pending.length > 0) {
        try {
          await this.store.addBatch(this.pending[0]!);
        } catch (error) {
          this.options.onError?.(error);
          return;
        }
        this.pending.shift();
      }
    } finally {
      if (waiting > 0 || this.pending.length + this.claims.size > 0) this.keep();
    }
  }
}

function claimKey(keyId: string, digest: string, minute: number): string {
  return `${keyId} ${digest} ${minute}`;
}

/** One row per account and minute (a claim attributed to a minute the batch already holds adds to it). */
function merged(minutes: SliMinute[]): SliMinute[] {
  const rows = new Map<string, SliMinute>();
  for (const m of minutes) {
    const key = `${m.accountId} ${m.minute}`;
    const row = rows.get(key);
    if (row) {
      row.good += m.good;
      row.bad += m.bad;
    } else rows.set(key, { ...m });
  }
  return [...rows.values()];
}
