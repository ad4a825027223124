import type { Awaitable } from '../runtime/awaitable.js';
import type { AccountStore } from './account-store.js';
import type { BillingStore } from './billing-store.js';
import type { KeyRecord, KeyStore } from './key-store.js';
import type { PeopleStore } from './people-store.js';
import type { SessionStore } from './session-store.js';
import type { SsoStore } from './sso-store.js';
import type { SliStore } from './sli-store.js';
import type { QuotaNoticeStore } from './quota-notice-store.js';

/** Outcome of a conditional usage debit. */
export interface UsageDebit {
  /** True when the records were debited (the quota is never overrun). */
  granted: boolean;
  /** Records used in the period after this call. */
  used: number;
  /**
   * Set when the grant is decided but not yet durable (the embedded ledger
   * writes the debits of one event-loop turn together): the callback runs
   * once the debit is durable, or with the write error (the debit is then
   * undone and the request must not be served). Undefined: durable already.
   * A callback instead of a promise: no allocation or microtask per request.
   */
  whenDurable: WhenDurable | undefined;
}

/** Registers a callback for the moment a granted debit is durable (error: it failed and was undone). */
export type WhenDurable = (callback: (error: Error | null) => void) => void;

/**
 * Accounts, keys and usage, by concept: the request path (a key's lookup, usage debits) here, the rest in the
 * stores it holds. The routes only see this interface, so a PostgreSQL implementation can replace the SQLite one.
 * @example const store = await openSqliteStore('.ussynth/store.sqlite'); await store.findKey('Ab3dE6gH');
 */
export interface Store {
  /** People who sign in to the dashboard and the links e-mailed to them. */
  readonly people: PeopleStore;
  /** Dashboard sessions. */
  readonly sessions: SessionStore;
  /** API keys, the operator's and the owners'. */
  readonly keys: KeyStore;
  /** Accounts, their plans and per-day usage. */
  readonly accounts: AccountStore;
  /** Enterprise accounts' single sign-on connections and domains. */
  readonly sso: SsoStore;
  /** Stripe customers and subscriptions of accounts, and the webhook events applied. */
  readonly billing: BillingStore;
  /** The SLA's per-minute counts, contracted objectives, and the status page's incidents and notes. */
  readonly sli: SliStore;
  /** Quota notices sent (once per threshold and month) and whether owners want them. */
  readonly quotaNotices: QuotaNoticeStore;
  /** The key with this id, with its account's limits. */
  findKey(id: string): Promise<KeyRecord | undefined>;
  /**
   * Atomically adds `records` to the account's usage of `period` unless that would exceed `limit`;
   * durable when it returns, or when `whenDurable` calls back. The embedded store answers at once;
   * a networked one returns a promise.
   */
  debitUsage(accountId: number, period: string, records: number, limit: number): Awaitable<UsageDebit>;
  /** Records used by the account in `period`. */
  usage(accountId: number, period: string): Awaitable<number>;
  /**
   * Gives back records debited for a response that never reached its connection (the client went away, or a
   * drain had to close it first); the total never goes below zero. Durable like a debit; never rejects: a refund
   * the store cannot take now is reported and kept (PostgreSQL: retried every second until taken, once by its id,
   * across a restart with USSYNTH_PENDING_FILE; docs/deploy.md).
   */
  refundUsage(accountId: number, period: string, records: number): Awaitable<void>;
  /** Whether the store can take and keep debits now (readiness), and its counters for /metrics. */
  health(): Awaitable<StoreHealth>;
  /** Closes the store, flushing what it holds. */
  close(): Promise<void>;
}

/**
 * A store's readiness and counters. `detail` is a fixed sentence for operators (shown by /readyz), never an
 * engine's error message; the error itself goes to the log.
 * @example { ready: false, detail: 'usage totals cannot be written to the table; retrying every second', counters: { usage_fold_failures_total: 3 } }
 */
export interface StoreHealth {
  /** True when debits are taken and kept as designed. */
  ready: boolean;
  /** Why not, when not ready. */
  detail?: string;
  /** Monotonic counters and gauges by Prometheus name (without the `ussynth_` prefix). */
  counters: Record<string, number>;
}

/**
 * Events a store reports while it runs (a failing fold, a recreated journal), for the server's log.
 * @example const log: StoreLog = (level, message, error) => app.log[level]({ err: error }, message);
 */
export type StoreLog = (level: 'error' | 'warn' | 'info', message: string, error?: unknown) => void;

/**
 * The store cannot be used as configured (another server owns it, a file cannot be written, a file is reachable by
 * several names...): the message says what to fix, and `ussynth-server serve` shows it instead of an internal error.
 * @example throw new StoreRefusedError('/srv/store.sqlite has 2 hard links; remove the other links')
 */
export class StoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreRefusedError';
  }
}

/** The store file is already served by another server process (the embedded store has one owner of its usage). */
export class StoreBusyError extends StoreRefusedError {
  constructor(message: string) {
    super(message);
    this.name = 'StoreBusyError';
  }
}

/** A store refused an operation for a reason the caller should show (e.g. an account's tier differs). */
export class StoreConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreConflictError';
  }
}
