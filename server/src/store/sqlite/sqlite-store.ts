import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import type { Awaitable } from '../../awaitable.js';
import type { AccountSpec, KeyListing, KeyRecord, NewKey, Store, UsageDebit } from '../store.js';
import { StoreBusyError, StoreConflictError } from '../store.js';
import type { Tier } from '../tiers.js';
import type { KeyEnvironment } from '../api-key.js';
import { tryExclusiveLock, type ExclusiveLock } from './exclusive-lock.js';
import { storeMigrations } from './migrations.js';
import type { StoreDatabase } from './schema.js';
import { FOLD_INTERVAL_MS, replayJournal, UsageLedger } from './usage-ledger.js';
import { SqliteAccounts } from './sqlite-accounts.js';
import { SqliteSso } from './sqlite-sso.js';

interface KeyRow {
  id: string;
  digest: Buffer;
  environment: string;
  account_id: number;
  name: string;
  tier: string;
  rate: number;
  monthly_quota: number;
  revoked_at: number | null;
  expires_at: number | null;
}

/** Options of the embedded store. */
export interface SqliteStoreOptions {
  /**
   * This process serves the API and owns the usage ledger (in-memory totals
   * with a journal, see UsageLedger). One process per store file may; a
   * second is refused with StoreBusyError. Key commands leave it off: their
   * debits (none in practice) go straight to the table.
   */
  ownUsage?: boolean;
}

/**
 * The embedded store: SQLite in WAL mode. Kysely runs the migrations and the
 * admin queries; the per-request paths are prepared better-sqlite3
 * statements or the in-memory usage ledger. Whoever opens the file while no
 * server holds it first replays a usage journal a crashed server left, so
 * `ussynth keys list` is exact after a kill -9.
 * @example const store = await openSqliteStore('/tmp/store.sqlite', { ownUsage: true }); await store.close();
 */
export async function openSqliteStore(path: string, options: SqliteStoreOptions = {}): Promise<Store> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  // WAL lets the CLI write while the server reads; NORMAL survives process crashes (only power loss can drop the last commits).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<StoreDatabase>({ dialect: new SqliteDialect({ database: sqlite }) });
  const { error, results } = await new Migrator({ db, provider: storeMigrations }).migrateToLatest();
  if (error) {
    await db.destroy();
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`key store ${path}: migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (path === ':memory:') return new SqliteStore(sqlite, db, options.ownUsage ? UsageLedger.open(sqlite, null) : undefined);
  const lock = tryExclusiveLock(`${path}-usage.lock`);
  if (!lock) {
    if (!options.ownUsage) return new SqliteStore(sqlite, db, undefined);
    await db.destroy();
    throw new StoreBusyError(`${path} is in use by another ussynth server: one server process owns a store's usage ledger; give this one its own USSYNTH_DB`);
  }
  try {
    const journal = `${path}-usage.journal`;
    if (!options.ownUsage) {
      replayJournal(sqlite, journal);
      lock.release();
      return new SqliteStore(sqlite, db, undefined);
    }
    return new SqliteStore(sqlite, db, UsageLedger.open(sqlite, journal), lock);
  } catch (error) {
    lock.release();
    await db.destroy();
    throw error;
  }
}

class SqliteStore implements Store {
  readonly accounts;
  readonly sso;
  private readonly findKeyStatement;
  private readonly debitStatement;
  private readonly usageStatement;
  private readonly foldTimer;
  private closed = false;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly db: Kysely<StoreDatabase>,
    private readonly ledger: UsageLedger | undefined,
    private readonly lock?: ExclusiveLock,
  ) {
    this.accounts = new SqliteAccounts(db);
    this.sso = new SqliteSso(db, this.accounts);
    this.findKeyStatement = sqlite.prepare<[string], KeyRow>(
      `SELECT k.id, k.digest, k.environment, k.account_id, a.name, a.tier, a.rate, a.monthly_quota, k.revoked_at, k.expires_at
       FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.id = ?`,
    );
    // One statement, so a debit can never push usage past the limit.
    this.debitStatement = sqlite.prepare<{ account: number; period: string; records: number; limit: number }>(
      `INSERT INTO usage (account_id, period, records) SELECT @account, @period, @records WHERE @records <= @limit
       ON CONFLICT (account_id, period) DO UPDATE SET records = records + excluded.records
       WHERE records + excluded.records <= @limit
       RETURNING records`,
    );
    this.usageStatement = sqlite.prepare<[number, string], { records: number }>(`SELECT records FROM usage WHERE account_id = ? AND period = ?`);
    if (ledger) {
      this.foldTimer = setInterval(() => ledger.fold(), FOLD_INTERVAL_MS);
      this.foldTimer.unref();
    }
  }

  async findKey(id: string): Promise<KeyRecord | undefined> {
    const row = this.findKeyStatement.get(id);
    if (!row) return undefined;
    return {
      id: row.id,
      digest: row.digest,
      environment: row.environment as KeyEnvironment,
      accountId: row.account_id,
      accountName: row.name,
      tier: row.tier as Tier,
      rate: row.rate,
      monthlyQuota: row.monthly_quota,
      revokedAt: row.revoked_at,
      expiresAt: row.expires_at,
    };
  }

  debitUsage(accountId: number, period: string, records: number, limit: number): Awaitable<UsageDebit> {
    if (this.closed) throw new Error('the store is closed');
    if (this.ledger) return this.ledger.debit(accountId, period, records, limit);
    // RETURNING gives the new total when the debit is granted; only a refusal needs a second read.
    const row = this.debitStatement.get({ account: accountId, period, records, limit }) as { records: number } | undefined;
    return { granted: row !== undefined, used: row ? row.records : this.usageNow(accountId, period), whenDurable: undefined };
  }

  usage(accountId: number, period: string): number {
    return this.usageNow(accountId, period);
  }

  async createKey(account: AccountSpec, key: NewKey, now: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      let existing = await tx.selectFrom('accounts').selectAll().where('name', '=', account.name).executeTakeFirst();
      if (!existing) {
        await tx
          .insertInto('accounts')
          .values({ name: account.name, tier: account.tier, rate: account.rate, monthly_quota: account.monthlyQuota, created_at: now })
          .execute();
        existing = await tx.selectFrom('accounts').selectAll().where('name', '=', account.name).executeTakeFirstOrThrow();
      } else if (existing.tier !== account.tier || existing.rate !== account.rate || existing.monthly_quota !== account.monthlyQuota) {
        throw new StoreConflictError(
          `account "${account.name}" exists with tier ${existing.tier} (${existing.rate} requests/s, ${existing.monthly_quota} records/month); a new key must use the same tier and limits`,
        );
      }
      const clash = await tx.selectFrom('api_keys').select('id').where('id', '=', key.id).executeTakeFirst();
      if (clash) throw new StoreConflictError(`key id ${key.id} already exists`);
      await tx
        .insertInto('api_keys')
        .values({ id: key.id, account_id: existing.id, digest: Buffer.from(key.digest), environment: key.environment, created_at: now, revoked_at: null, expires_at: null })
        .execute();
    });
  }

  async listKeys(period: string): Promise<KeyListing[]> {
    this.ledger?.fold();
    const rows = await this.db
      .selectFrom('api_keys as k')
      .innerJoin('accounts as a', 'a.id', 'k.account_id')
      .leftJoin('usage as u', (join) => join.onRef('u.account_id', '=', 'a.id').on('u.period', '=', period))
      .select(['k.id', 'k.environment', 'a.name', 'a.tier', 'a.rate', 'a.monthly_quota', 'u.records', 'k.created_at', 'k.revoked_at', 'k.expires_at'])
      .execute();
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    return rows
      .map((r) => ({
        id: r.id,
        environment: r.environment as KeyEnvironment,
        account: r.name,
        tier: r.tier as Tier,
        rate: r.rate,
        monthlyQuota: r.monthly_quota,
        used: r.records ?? 0,
        createdAt: new Date(r.created_at).toISOString(),
        revokedAt: iso(r.revoked_at),
        expiresAt: iso(r.expires_at),
      }))
      .sort((a, b) => codePointOrder(a.account, b.account) || codePointOrder(a.id, b.id));
  }

  async revokeKey(id: string, now: number): Promise<boolean> {
    const result = await this.db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    if (result.numUpdatedRows > 0n) return true;
    // Revoking twice is not an error; only an unknown id is.
    return (await this.db.selectFrom('api_keys').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  async rotateKey(id: string, next: NewKey, expiresAt: number, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const old = await tx.selectFrom('api_keys').selectAll().where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      if (!old || (old.expires_at !== null && old.expires_at <= now)) return false;
      await tx
        .insertInto('api_keys')
        .values({ id: next.id, account_id: old.account_id, digest: Buffer.from(next.digest), environment: next.environment, created_at: now, revoked_at: null, expires_at: null })
        .execute();
      // A shorter grace than an earlier rotation's wins; never extend a key's life.
      const until = old.expires_at === null ? expiresAt : Math.min(old.expires_at, expiresAt);
      await tx.updateTable('api_keys').set({ expires_at: until }).where('id', '=', id).execute();
      return true;
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.foldTimer);
    this.ledger?.close();
    this.lock?.release();
    // Kysely's destroy closes the better-sqlite3 handle, which checkpoints the WAL.
    await this.db.destroy();
  }

  private usageNow(accountId: number, period: string): number {
    if (this.ledger) return this.ledger.usage(accountId, period);
    return this.usageStatement.get(accountId, period)?.records ?? 0;
  }
}

function codePointOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
