import type { Kysely } from 'kysely';
import type { KeyEnvironment } from './api-key.js';
import type { UsageTotals } from './kysely-accounts.js';
import { StoreConflictError, type AccountSpec, type KeyListing, type KeyRecord, type NewKey } from './store.js';
import type { StoreDatabase } from './store-schema.js';
import type { Tier } from './tiers.js';
import { byCodeUnit } from 'ussynth';
import { isoTime } from '../iso-time.js';

/**
 * The operator's key administration (`ussynth-server keys`) in Kysely queries that
 * SQLite and PostgreSQL both run; each store answers the per-request key
 * lookup and the usage debits its own way.
 * @example const keys = new KyselyKeys(db, usageTotals); await keys.revokeKey('Ab3dE6gH', Date.now());
 */
export class KyselyKeys {
  constructor(
    private readonly db: Kysely<StoreDatabase>,
    private readonly usageTotals: UsageTotals,
  ) {}

  /** Saves a key for an account (created when missing; an existing account must have the same tier and limits). */
  async createKey(account: AccountSpec, key: NewKey, now: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      let existing = await tx.selectFrom('accounts').selectAll().where('name', '=', account.name).where('deleted_at', 'is', null).executeTakeFirst();
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

  /** Every key with its account and the account's usage in `period`, sorted by account then id. */
  async listKeys(period: string): Promise<KeyListing[]> {
    const used = await this.usageTotals(period);
    const rows = await this.db
      .selectFrom('api_keys as k')
      .innerJoin('accounts as a', 'a.id', 'k.account_id')
      .select(['k.id', 'a.id as account_id', 'k.environment', 'a.name', 'a.tier', 'a.rate', 'a.monthly_quota', 'k.created_at', 'k.revoked_at', 'k.expires_at'])
      .execute();
    return rows
      .map((r) => ({
        id: r.id,
        environment: r.environment as KeyEnvironment,
        account: r.name,
        tier: r.tier as Tier,
        rate: r.rate,
        monthlyQuota: r.monthly_quota,
        used: used.get(r.account_id) ?? 0,
        createdAt: new Date(r.created_at).toISOString(),
        revokedAt: isoTime(r.revoked_at),
        expiresAt: isoTime(r.expires_at),
      }))
      .sort((a, b) => byCodeUnit(a.account, b.account) || byCodeUnit(a.id, b.id));
  }

  /** Revokes a key now; false when no such key (revoking twice is not an error). */
  async revokeKey(id: string, now: number): Promise<boolean> {
    const result = await this.db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    if (result.numUpdatedRows > 0n) return true;
    return (await this.db.selectFrom('api_keys').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  /** Adds `next` to the account of `id` and makes `id` expire at `expiresAt`; false when `id` is unknown or no longer works. */
  rotateKey(id: string, next: NewKey, expiresAt: number, now: number): Promise<boolean> {
    return rollKey(this.db, { id, inherit: false }, next, expiresAt, now);
  }
}

/**
 * Replaces the working key `old.id` by `next` on its account in one
 * transaction: `next` is added, and the old key expires at `graceEndsAt`
 * (or its own earlier expiry: a rotation never extends a key's life).
 * `old.accountId` limits it to that account's keys; `inherit` gives `next`
 * the old key's name and expiry (an owner's roll from the dashboard).
 * False when the old key is unknown, revoked or expired.
 * @example await rollKey(db, { id: 'AbCd1234', accountId: 7, inherit: true }, next, Date.now() + 86_400_000, Date.now())
 */
export function rollKey(db: Kysely<StoreDatabase>, old: { id: string; accountId?: number; inherit: boolean }, next: NewKey, graceEndsAt: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    let query = tx.selectFrom('api_keys').selectAll().where('id', '=', old.id).where('revoked_at', 'is', null);
    if (old.accountId !== undefined) query = query.where('account_id', '=', old.accountId);
    const row = await query.executeTakeFirst();
    if (!row || (row.expires_at !== null && row.expires_at <= now)) return false;
    const inherited = old.inherit ? { name: row.name, expires_at: row.expires_at } : { expires_at: null };
    await tx
      .insertInto('api_keys')
      .values({ id: next.id, account_id: row.account_id, digest: Buffer.from(next.digest), environment: next.environment, created_at: now, revoked_at: null, ...inherited })
      .execute();
    const until = row.expires_at === null ? graceEndsAt : Math.min(row.expires_at, graceEndsAt);
    await tx.updateTable('api_keys').set({ expires_at: until }).where('id', '=', old.id).execute();
    return true;
  });
}

/** A key row joined with its account, as both stores read it for `findKey`. */
export interface KeyRow {
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
  plan_ends_at: number | null;
}

/**
 * The KeyRecord of a key row.
 * @example const record = keyRecord(row);
 */
export function keyRecord(row: KeyRow): KeyRecord {
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
    planEndsAt: row.plan_ends_at,
  };
}
