import { sql, type Kysely, type Selectable } from 'kysely';
import { byCodeUnit } from 'ussynth';
import type {
  AccountListing,
  AccountRecord,
  AccountStore,
  PlanChange,
  UsageDay,
  UsageDayDelta,
} from './account-store.js';
import type { AccountTable, StoreDatabase } from './store-schema.js';
import type { Tier } from './tiers.js';

/** Every account's records used in `period`, exact (a store with a ledger adds what it has not written yet). */
export type UsageTotals = (period: string) => Promise<Map<number, number>>;

/**
 * Accounts, their plans and per-day usage, in Kysely queries that SQLite and
 * PostgreSQL both run (none of it is on the `/v1` hot path): the embedded
 * store and the PostgreSQL store share it over their own connections.
 * @example const accounts = new KyselyAccounts(db, (period) => store.usageTotals(period)); await accounts.findAccountByName('acme');
 */
export class KyselyAccounts implements AccountStore {
  constructor(
    private readonly db: Kysely<StoreDatabase>,
    private readonly usageTotals: UsageTotals,
  ) {}

  async findAccount(id: number): Promise<AccountRecord | undefined> {
    const row = await this.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && toAccount(row);
  }

  async findAccountByName(name: string): Promise<AccountRecord | undefined> {
    const row = await this.db
      .selectFrom('accounts')
      .selectAll()
      .where('name', '=', name)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && toAccount(row);
  }

  async listAccounts(period: string, now: number): Promise<AccountListing[]> {
    const used = await this.usageTotals(period);
    const rows = await this.db
      .selectFrom('accounts as a')
      .selectAll('a')
      .select((eb) => [
        eb
          .selectFrom('people as p')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('p.account_id', '=', 'a.id')
          .as('people'),
        eb
          .selectFrom('api_keys as k')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('k.account_id', '=', 'a.id')
          .where('k.revoked_at', 'is', null)
          .where((w) => w.or([w('k.expires_at', 'is', null), w('k.expires_at', '>', now)]))
          .as('active_keys'),
      ])
      .where('a.deleted_at', 'is', null)
      .execute();
    return rows
      .map((row) => ({
        ...toAccount(row),
        used: used.get(row.id) ?? 0,
        people: Number(row.people ?? 0),
        activeKeys: Number(row.active_keys ?? 0),
      }))
      .sort((a, b) => byCodeUnit(a.name, b.name));
  }

  async changePlan(accountId: number, change: PlanChange): Promise<void> {
    await this.db.transaction().execute((tx) => recordPlanChange(tx, accountId, change));
  }

  async deleteAccount(accountId: number, now: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('api_keys')
        .set({ revoked_at: now })
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .execute();
      const people = tx.selectFrom('people').select('id').where('account_id', '=', accountId);
      await tx.deleteFrom('sessions').where('person_id', 'in', people).execute();
      await tx.deleteFrom('email_tokens').where('person_id', 'in', people).execute();
      await tx.deleteFrom('people').where('account_id', '=', accountId).execute();
      // Usage and plan history stay (the operator's records); the name is freed for a new sign-up.
      await tx
        .updateTable('accounts')
        .set({ deleted_at: now, name: sql<string>`'deleted-' || id` })
        .where('id', '=', accountId)
        .execute();
    });
  }

  async addUsageDays(deltas: readonly UsageDayDelta[]): Promise<void> {
    if (deltas.length === 0) return;
    await this.db.transaction().execute(async (tx) => {
      for (const d of deltas) {
        await tx
          .insertInto('usage_days')
          .values({
            account_id: d.accountId,
            day: d.day,
            records: d.records,
            rate_limited: d.rateLimited,
            quota_exceeded: d.quotaExceeded,
            subscription_required: d.subscriptionRequired,
          })
          .onConflict((oc) =>
            oc.columns(['account_id', 'day']).doUpdateSet((eb) => ({
              records: eb('usage_days.records', '+', eb.ref('excluded.records')),
              rate_limited: eb('usage_days.rate_limited', '+', eb.ref('excluded.rate_limited')),
              quota_exceeded: eb('usage_days.quota_exceeded', '+', eb.ref('excluded.quota_exceeded')),
              subscription_required: eb(
                'usage_days.subscription_required',
                '+',
                eb.ref('excluded.subscription_required'),
              ),
            })),
          )
          .execute();
      }
    });
  }

  async usageDays(accountId: number, fromDay: string, toDay: string): Promise<UsageDay[]> {
    const rows = await this.db
      .selectFrom('usage_days')
      .select(['day', 'records', 'rate_limited', 'quota_exceeded', 'subscription_required'])
      .where('account_id', '=', accountId)
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .orderBy('day')
      .execute();
    return rows.map((row) => ({
      day: row.day,
      records: row.records,
      rateLimited: row.rate_limited,
      quotaExceeded: row.quota_exceeded,
      subscriptionRequired: Number(row.subscription_required),
    }));
  }
}

/**
 * The AccountRecord of an `accounts` row.
 * @example const account = toAccount(row);
 */
export function toAccount(row: Selectable<AccountTable>): AccountRecord {
  return {
    id: row.id,
    name: row.name,
    tier: row.tier as Tier,
    rate: row.rate,
    monthlyQuota: row.monthly_quota,
    createdAt: row.created_at,
    planEndsAt: row.plan_ends_at === null ? null : Number(row.plan_ends_at),
    noPlanSince: row.no_plan_since === null ? null : Number(row.no_plan_since),
  };
}

/**
 * Applies a plan change to the account and appends it to `plan_changes`, in the caller's transaction: `none` keeps
 * the last plan's name and limits and records that the account has no plan since the change; another plan sets
 * them and its end (null: serves).
 * @example await db.transaction().execute((tx) => recordPlanChange(tx, 7, { tier: 'pro', limits, at, byPersonId: null, approvedBy: 'operator' }));
 */
export async function recordPlanChange(
  tx: Kysely<StoreDatabase>,
  accountId: number,
  change: PlanChange,
): Promise<void> {
  // The history keeps when each change ended the plan (for `none`, at once).
  const endsAt = change.tier === 'none' ? change.at : (change.endsAt ?? null);
  if (change.tier === 'none')
    await tx
      .updateTable('accounts')
      .set({ no_plan_since: change.at, plan_ends_at: null })
      .where('id', '=', accountId)
      .execute();
  else
    await tx
      .updateTable('accounts')
      .set({
        tier: change.tier,
        rate: change.limits.rate,
        monthly_quota: change.limits.monthlyQuota,
        plan_ends_at: endsAt,
        no_plan_since: null,
      })
      .where('id', '=', accountId)
      .execute();
  await tx
    .insertInto('plan_changes')
    .values({
      account_id: accountId,
      tier: change.tier,
      rate: change.limits.rate,
      monthly_quota: change.limits.monthlyQuota,
      at: change.at,
      by_person_id: change.byPersonId,
      approved_by: change.approvedBy,
      ends_at: endsAt,
    })
    .execute();
}
