import type { StoreHealth, StoreLog } from '../store.js';
import { isSqliteBusy } from './sqlite-busy.js';

/** While a fold keeps failing, the failure is logged again every this many attempts (once a minute). */
const REPEAT_LOG_EVERY = 60;

/**
 * Folds in a row that may fail on another connection's write lock (SQLITE_BUSY) before readiness says so. An
 * operator's command (`ussynth-server status note`, `keys create`) holds the lock for a moment, longer than the
 * fold's 10 ms wait when the machine is busy, and the next fold, a second later, goes through: the API served all
 * along and no debit was at risk (they are in the journal). A lock held over three folds (about 3 s) is reported, as
 * the write-lock probe reports one it finds held; any other failure (a full disk, a read-only file) at once.
 */
const BUSY_FOLDS_TOLERATED = 2;

/**
 * What the usage ledger has been through, for readiness, metrics and the
 * log: folds that failed (and are retried each second), journal writes that
 * failed (those requests were refused), a journal that was deleted and
 * recreated, or lost for good (debits refused until it is back). Errors are
 * logged when a state starts, then once a minute while it lasts, and on
 * recovery, so a full disk does not write a log line per second.
 * @example const health = new LedgerHealth(log); health.foldFailed(error); health.report().ready // false
 */
export class LedgerHealth {
  private foldFailures = 0;
  private failingFolds = 0;
  /** Whether a fold of the failing run failed for a reason other than another connection's write lock. */
  private foldFailingOtherwise = false;
  private writeFailures = 0;
  private writeFailing = false;
  private recreations = 0;
  private lost: string | undefined;

  constructor(private readonly log: StoreLog) {}

  /** A fold failed; it is retried at the next tick. */
  foldFailed(error: unknown): void {
    this.foldFailures++;
    this.failingFolds++;
    if (!isSqliteBusy(error)) this.foldFailingOtherwise = true;
    if (this.failingFolds % REPEAT_LOG_EVERY === 1) {
      this.log(
        'error',
        `usage fold failed (${this.failingFolds} in a row); debits stay in the journal and the fold is retried every second`,
        error,
      );
    }
  }

  /** A fold succeeded. */
  foldSucceeded(): void {
    if (this.failingFolds > 0) this.log('info', `usage fold succeeded again after ${this.failingFolds} failures`);
    this.failingFolds = 0;
    this.foldFailingOtherwise = false;
  }

  /** A journal write failed: its requests were refused and their debits undone. */
  writeFailed(error: unknown): void {
    this.writeFailures++;
    if (!this.writeFailing)
      this.log(
        'error',
        'usage journal write failed; the requests of that turn were refused (503) and their debits undone',
        error,
      );
    this.writeFailing = true;
  }

  /** A journal write succeeded. */
  writeSucceeded(): void {
    if (this.writeFailing) this.log('info', 'usage journal writes succeed again');
    this.writeFailing = false;
  }

  /** The journal had been deleted or replaced; the totals were folded and a new one opened. */
  journalRecreated(path: string): void {
    this.recreations++;
    this.lost = undefined;
    this.log(
      'warn',
      `usage journal ${path} was deleted or replaced: the usage it held is folded into the table, and a new journal was created`,
    );
  }

  /** The journal is gone and cannot be replaced now: debits are refused until it can. */
  journalLost(reason: string, error?: unknown): void {
    if (this.lost === undefined)
      this.log('error', `${reason}; debits are refused (503) until it can be recreated`, error);
    this.lost = reason;
  }

  /** Whether debits must be refused (the journal is gone). */
  get journalMissing(): boolean {
    return this.lost !== undefined;
  }

  /**
   * Readiness and counters: not ready while the journal is lost, its writes
   * fail or the fold fails (on another connection's write lock: from its third failure in a row).
   * @example health.report() // { ready: true, counters: { usage_fold_failures_total: 0, ... } }
   */
  report(): StoreHealth {
    const detail =
      this.lost !== undefined
        ? 'the usage journal was deleted and cannot be recreated; debits are refused until it is'
        : this.writeFailing
          ? 'the usage journal cannot be written (is the disk full?); requests are refused until it can'
          : this.failingFolds > (this.foldFailingOtherwise ? 0 : BUSY_FOLDS_TOLERATED)
            ? 'usage totals cannot be written to the store (is the disk full or the file read-only?); debits are kept in the journal and the fold is retried every second'
            : undefined;
    return {
      ready: detail === undefined,
      ...(detail === undefined ? {} : { detail }),
      counters: {
        usage_fold_failures_total: this.foldFailures,
        usage_journal_write_failures_total: this.writeFailures,
        usage_journal_recreated_total: this.recreations,
      },
    };
  }
}
