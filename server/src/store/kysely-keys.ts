import type { Kysely, Selectable } from 'kysely';
import { byCodeUnit } from 'ussynth';
import type { KeyEnvironment } from './api-key.js';
import { toAccount, type UsageTotals } from './kysely-accounts.js';
import type {
  AccountSpec,
  KeyListing,
  KeyPage,
  KeyRecord,
  KeyStore,
  KeyWithAccount,
  NewAccountKey,
  NewKey,
} from './key-store.js';
import { StoreConflictError } from './store.js';
import type { ApiKeyTable, StoreDatabase } from './store-schema.js';
import type { Tier } from './tiers.js';

/**
 * API keys in Kysely queries that SQLite and PostgreSQL both run: the operator's administration
 * (`ussynth-server keys`) and the keys owners make in the dashboard. Each store answers the per-request
 * lookup (`findKey`) its own way.
 * @example const keys = new KyselyKeys(db, usageTotals); await keys.revokeKey('Ab3dE6gH', Date.now());
 */
export class KyselyKeys implements KeyStore {
  constructor(
    private readonly db: Kysely<StoreDatabase>,
    private readonly usageTotals: UsageTotals,
  ) {}

  async createKey(account: AccountSpec, key: NewKey, now: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      let existing = await tx
        .selectFrom('accounts')
        .selectAll()
        .where('name', '=', account.name)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!existing) {
        await tx
          .insertInto('accounts')
          .values({
            name: account.name,
            tier: account.tier,
            rate: account.rate,
            monthly_quota: account.monthlyQuota,
            created_at: now,
          })
          .execute();
        existing = await tx
          .selectFrom('accounts')
          .selectAll()
          .where('name', '=', account.name)
          .executeTakeFirstOrThrow();
      } else if (
        existing.tier !== account.tier ||
        existing.rate !== account.rate ||
        existing.monthly_quota !== account.monthlyQuota
      ) {
        throw new StoreConflictError(
          `account "${account.name}" exists with tier ${existing.tier} (${existing.rate} requests/s, ${existing.monthly_quota} records/month); a new key must use the same tier and limits`,
        );
      }
      const clash = await tx.selectFrom('api_keys').select('id').where('id', '=', key.id).executeTakeFirst();
      if (clash) throw new StoreConflictError(`key id ${key.id} already exists`);
      await tx
        .insertInto('api_keys')
        .values({
          id: key.id,
          account_id: existing.id,
          digest: Buffer.from(key.digest),
          environment: key.environment,
          created_at: now,
          revoked_at: null,
          expires_at: null,
        })
        .execute();
    });
  }

  async listKeys(period: string): Promise<KeyWithAccount[]> {
    const used = await this.usageTotals(period);
    const [keys, accounts] = await Promise.all([
      this.db.selectFrom('api_keys').selectAll().execute(),
      this.db.selectFrom('accounts').selectAll().execute(),
    ]);
    const byId = new Map(accounts.map((row) => [row.id, toAccount(row)]));
    return keys
      .map((row) => ({ ...toKeyListing(row), account: byId.get(row.account_id)!, used: used.get(row.account_id) ?? 0 }))
      .sort((a, b) => byCodeUnit(a.account.name, b.account.name) || byCodeUnit(a.id, b.id));
  }

  async revokeKey(id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) return true;
    return (await this.db.selectFrom('api_keys').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  rotateKey(id: string, next: NewKey, expiresAt: number, now: number): Promise<boolean> {
    return this.rollKey({ id, inherit: false }, next, expiresAt, now);
  }

  async createAccountKey(
    accountId: number,
    key: NewAccountKey,
    now: number,
    maxWorkingKeys = Number.POSITIVE_INFINITY,
  ): Promise<'created' | 'limit'> {
    return this.db.transaction().execute(async (tx) => {
      // A no-op update locks the account's row (PostgreSQL; SQLite has one writer): two creations cannot both see room for one.
      await tx.updateTable('accounts').set({ id: accountId }).where('id', '=', accountId).execute();
      if (Number.isFinite(maxWorkingKeys)) {
        const working = await tx
          .selectFrom('api_keys')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('account_id', '=', accountId)
          .where('revoked_at', 'is', null)
          .where((w) => w.or([w('expires_at', 'is', null), w('expires_at', '>', now)]))
          .executeTakeFirstOrThrow();
        if (Number(working.n) >= maxWorkingKeys) return 'limit';
      }
      await tx
        .insertInto('api_keys')
        .values({
          id: key.id,
          account_id: accountId,
          digest: Buffer.from(key.digest),
          environment: key.environment,
          name: key.name,
          created_at: now,
          revoked_at: null,
          expires_at: key.expiresAt,
        })
        .execute();
      return 'created';
    });
  }

  async listAccountKeys(accountId: number, page?: KeyPage): Promise<KeyListing[]> {
    let query = this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id');
    if (page?.after) {
      const { createdAt, id } = page.after;
      query = query.where((w) =>
        w.or([w('created_at', '<', createdAt), w.and([w('created_at', '=', createdAt), w('id', '>', id)])]),
      );
    }
    if (page) query = query.limit(page.limit);
    return (await query.execute()).map(toKeyListing);
  }

  async revokeAccountKey(accountId: number, keyId: string, now: number): Promise<boolean> {
    const key = await this.db
      .selectFrom('api_keys')
      .select(['revoked_at'])
      .where('id', '=', keyId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!key) return false;
    if (key.revoked_at === null)
      await this.db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', keyId).execute();
    return true;
  }

  rollAccountKey(accountId: number, keyId: string, next: NewKey, graceEndsAt: number, now: number): Promise<boolean> {
    return this.rollKey({ id: keyId, accountId, inherit: true }, next, graceEndsAt, now);
  }

  async touchKeys(lastUsed: ReadonlyMap<string, number>): Promise<void> {
    if (lastUsed.size === 0) return;
    await this.db.transaction().execute(async (tx) => {
      for (const [id, at] of lastUsed)
        await tx.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
    });
  }

  /**
   * Replaces the working key `old.id` by `next` on its account in one transaction: `next` is added, and the old key
   * expires at `graceEndsAt` (or its own earlier expiry: a rotation never extends a key's life). `old.accountId`
   * limits it to that account's keys; `inherit` gives `next` the old key's name and expiry (an owner's roll from the
   * dashboard). False when the old key is unknown, revoked or expired.
   */
  private rollKey(
    old: { id: string; accountId?: number; inherit: boolean },
    next: NewKey,
    graceEndsAt: number,
    now: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      let query = tx.selectFrom('api_keys').selectAll().where('id', '=', old.id).where('revoked_at', 'is', null);
      if (old.accountId !== undefined) query = query.where('account_id', '=', old.accountId);
      const row = await query.executeTakeFirst();
      if (!row || (row.expires_at !== null && row.expires_at <= now)) return false;
      const inherited = old.inherit ? { name: row.name, expires_at: row.expires_at } : { expires_at: null };
      await tx
        .insertInto('api_keys')
        .values({
          id: next.id,
          account_id: row.account_id,
          digest: Buffer.from(next.digest),
          environment: next.environment,
          created_at: now,
          revoked_at: null,
          ...inherited,
        })
        .execute();
      const until = row.expires_at === null ? graceEndsAt : Math.min(row.expires_at, graceEndsAt);
      await tx.updateTable('api_keys').set({ expires_at: until }).where('id', '=', old.id).execute();
      return true;
    });
  }
}

function toKeyListing(row: Selectable<ApiKeyTable>): KeyListing {
  return {
    id: row.id,
    name: row.name,
    environment: row.environment as KeyEnvironment,
    accountId: row.account_id,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
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
  no_plan_since: number | null;
}

/**
 * The KeyRecord of a key row: an account without a paid plan is not served from the time it had none.
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
    planEndsAt: row.no_plan_since ?? row.plan_ends_at,
  };
}
