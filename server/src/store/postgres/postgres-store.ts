import { Kysely, PostgresDialect } from 'kysely';
import { migrateStore } from '../migrate-store.js';
import type pg from 'pg';
import { KyselyStore } from '../kysely-store.js';
import { keyRecord } from '../kysely-keys.js';
import type { KeyRecord } from '../key-store.js';
import type { Store, StoreHealth, StoreLog, UsageDebit } from '../store.js';
import { StoreRefusedError } from '../store.js';
import { describeStore } from '../default-path.js';
import type { StoreDatabase } from '../store-schema.js';
import { storeMigrations } from '../store-migrations.js';
import { postgresPool } from './postgres-pool.js';
import { PostgresUsageBatcher } from './usage-batcher.js';
import { PendingJournal } from '../pending-journal.js';
import { PendingRefunds } from './pending-refunds.js';

/** Options of the PostgreSQL store. */
export interface PostgresStoreOptions {
  /** Connections in this instance's pool (default 10). */
  poolSize?: number;
  /** Where the store reports failed refunds. */
  log?: StoreLog;
  /** Where refunds PostgreSQL could not take wait for it (USSYNTH_PENDING_FILE); default: in memory. */
  pending?: PendingJournal;
}

/**
 * The store for many instances: PostgreSQL through Kysely's PostgresDialect
 * over `pg`. Every instance migrates on start (Kysely takes a transaction-
 * scoped advisory lock, so instances starting together apply each migration
 * once); keys are read per lookup (the key cache keeps them a second);
 * monthly usage is debited exactly, batched per event-loop turn
 * (PostgresUsageBatcher). Every statement is bounded (2 s).
 * @example const store = await openPostgresStore('postgres://ussynth@db.internal/ussynth');
 */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<Store> {
  let store: PostgresStore | undefined;
  const pool = postgresPool(url, options.poolSize ?? 10, (error) => store?.connectionLost(error));
  const db = new Kysely<StoreDatabase>({ dialect: new PostgresDialect({ pool }) });
  let failure: unknown;
  try {
    ({ error: failure } = await migrateStore(db, storeMigrations('postgres'), options.log));
  } catch (error) {
    failure = error;
  }
  if (failure !== undefined) {
    await db.destroy();
    const { message, code } = failure as { message?: string; code?: string };
    throw new StoreRefusedError(
      `${describeStore({ engine: 'postgres', url })} cannot be used (${code ?? 'error'}: ${message ?? String(failure)}); check USSYNTH_DB and that the server is reachable`,
    );
  }
  store = new PostgresStore(pool, db, options.log ?? (() => {}), options.pending ?? PendingJournal.open(null));
  return store;
}

/** A lost connection is logged at most this often (PostgreSQL restarting drops every connection of the pool at once). */
const CONNECTION_LOSS_LOG_MS = 10_000;

class PostgresStore extends KyselyStore implements Store {
  private readonly batcher;
  private closed = false;
  private lastHealthCheck = { at: 0, ready: true, detail: undefined as string | undefined };
  private readonly counters = {
    postgres_errors_total: 0,
    usage_refund_failures_total: 0,
    postgres_connections_lost_total: 0,
  };
  private lossLoggedAt = -Infinity;
  private readonly refunds: PendingRefunds;

  constructor(
    private readonly pool: pg.Pool,
    db: Kysely<StoreDatabase>,
    private readonly log: StoreLog,
    pending: PendingJournal,
  ) {
    super(db);
    this.batcher = new PostgresUsageBatcher(pool, () => (this.counters.postgres_errors_total += 1));
    this.refunds = new PendingRefunds(pool, pending, log, this.counters);
  }

  async findKey(id: string): Promise<KeyRecord | undefined> {
    const row = await this.db
      .selectFrom('api_keys as k')
      .innerJoin('accounts as a', 'a.id', 'k.account_id')
      .select([
        'k.id',
        'k.digest',
        'k.environment',
        'k.account_id',
        'a.name',
        'a.tier',
        'a.rate',
        'a.monthly_quota',
        'k.revoked_at',
        'k.expires_at',
        'a.plan_ends_at',
        'a.no_plan_since',
      ])
      .where('k.id', '=', id)
      .executeTakeFirst();
    return row && keyRecord(row);
  }

  debitUsage(accountId: number, period: string, records: number, limit: number): Promise<UsageDebit> {
    if (this.closed) return Promise.reject(new Error('the store is closed'));
    return this.batcher.debit(accountId, period, records, limit);
  }

  async usage(accountId: number, period: string): Promise<number> {
    const row = await this.db
      .selectFrom('usage')
      .select('records')
      .where('account_id', '=', accountId)
      .where('period', '=', period)
      .executeTakeFirst();
    return row?.records ?? 0;
  }

  refundUsage(accountId: number, period: string, records: number): Promise<void> {
    // Applied once by id; one PostgreSQL cannot take now is kept and tried every second until it can (PendingRefunds).
    return this.refunds.refund(accountId, period, records);
  }

  async health(): Promise<StoreHealth> {
    // One probe per second at most, however often /readyz and /metrics are asked.
    const now = Date.now();
    if (now - this.lastHealthCheck.at >= 1000) {
      try {
        await this.pool.query('SELECT 1');
        this.lastHealthCheck = { at: now, ready: !this.closed, detail: undefined };
      } catch {
        this.lastHealthCheck = {
          at: now,
          ready: false,
          detail: 'PostgreSQL does not answer; requests that need it get 503 until it does',
        };
      }
    }
    const { ready, detail } = this.lastHealthCheck;
    const counters = { ...this.counters, usage_refunds_waiting_records: this.refunds.waitingRecords };
    return detail === undefined ? { ready, counters } : { ready, detail, counters };
  }

  /** A pooled connection died (PostgreSQL stopped or restarted, the network cut): counted, and logged now and then. */
  connectionLost(error: Error): void {
    this.counters.postgres_connections_lost_total += 1;
    const now = Date.now();
    if (now - this.lossLoggedAt < CONNECTION_LOSS_LOG_MS) return;
    this.lossLoggedAt = now;
    this.log(
      'warn',
      `a PostgreSQL connection was lost (${this.counters.postgres_connections_lost_total} so far); requests that used it get 503 store_unavailable, and the pool opens new connections as they are needed`,
      error,
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.batcher.drain();
    // A last try; what PostgreSQL still refuses stays in the pending journal for the next start.
    await this.refunds.close();
    await this.db.destroy();
  }

  protected async usageTotals(period: string): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('usage')
      .select(['account_id', 'records'])
      .where('period', '=', period)
      .execute();
    return new Map(rows.map((row) => [row.account_id, row.records]));
  }
}
