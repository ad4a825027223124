import { sql, type Kysely, type Selectable } from 'kysely';
import type { KeyEnvironment } from './api-key.js';
import type {
  AccountKeyListing,
  AccountListing,
  AccountRecord,
  AccountStore,
  EmailTokenPurpose,
  EmailTokenUse,
  KeyPage,
  NewAccountKey,
  PersonRecord,
  PlanChange,
  SessionRecord,
  UsageDay,
  UsageDayDelta,
} from './account-store.js';
import type { NewKey } from './store.js';
import type { Tier, TierLimits } from './tiers.js';
import type { AccountTable, PersonTable, StoreDatabase } from './store-schema.js';
import { byCodeUnit } from 'ussynth';
import { rollKey } from './kysely-keys.js';

/** Every account's records used in `period`, exact (a store with a ledger adds what it has not written yet). */
export type UsageTotals = (period: string) => Promise<Map<number, number>>;

/**
 * The account side of a store, in Kysely queries that SQLite and PostgreSQL
 * both run (none of it is on the `/v1` hot path): the embedded store and the
 * PostgreSQL store share it over their own connections.
 * @example const accounts = new KyselyAccounts(db, (period) => store.usageTotals(period)); await accounts.findPersonByEmail('ada@example.com');
 */
export class KyselyAccounts implements AccountStore {
  constructor(
    private readonly db: Kysely<StoreDatabase>,
    private readonly usageTotals: UsageTotals,
  ) {}

  async createOwner(email: string, passwordHash: string, tier: Tier | 'none', limits: TierLimits, now: number, verification?: { tokenDigest: Uint8Array; expiresAt: number }): Promise<PersonRecord | 'exists'> {
    return this.db.transaction().execute(async (tx) => {
      if (await tx.selectFrom('people').select('id').where('email', '=', email).executeTakeFirst()) return 'exists';
      // An operator may already have an account of that name (keys made with `ussynth-server keys create`): never join it.
      if (await tx.selectFrom('accounts').select('id').where('name', '=', email).executeTakeFirst()) return 'exists';
      // No paid plan yet: the account is named Standard (with its limits) but does not serve until a plan is set.
      const planEndsAt = tier === 'none' ? now : null;
      const account = await tx
        .insertInto('accounts')
        .values({ name: email, tier: tier === 'none' ? 'standard' : tier, rate: limits.rate, monthly_quota: limits.monthlyQuota, created_at: now, plan_ends_at: planEndsAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('plan_changes')
        .values({ account_id: account.id, tier, rate: limits.rate, monthly_quota: limits.monthlyQuota, at: now, by_person_id: null, approved_by: 'sign-up', ends_at: planEndsAt })
        .execute();
      const person = await tx
        .insertInto('people')
        .values({ account_id: account.id, email, password_hash: passwordHash, email_verified_at: null, role: 'owner', created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (verification) {
        await tx
          .insertInto('email_tokens')
          .values({ token_digest: Buffer.from(verification.tokenDigest), person_id: person.id, purpose: 'verify', created_at: now, expires_at: verification.expiresAt, used_at: null })
          .execute();
      }
      return toPerson(person);
    });
  }

  async findPersonByEmail(email: string): Promise<PersonRecord | undefined> {
    const row = await this.db.selectFrom('people').selectAll().where('email', '=', email).executeTakeFirst();
    return row && toPerson(row);
  }

  async findPerson(id: number): Promise<PersonRecord | undefined> {
    const row = await this.db.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toPerson(row);
  }

  async listPeople(accountId: number): Promise<PersonRecord[]> {
    const rows = await this.db.selectFrom('people').selectAll().where('account_id', '=', accountId).orderBy('email').execute();
    return rows.map(toPerson);
  }

  async markEmailVerified(personId: number, now: number): Promise<void> {
    await this.db.updateTable('people').set({ email_verified_at: now }).where('id', '=', personId).where('email_verified_at', 'is', null).execute();
  }

  async confirmEmail(personId: number, now: number, keep?: Uint8Array): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.updateTable('people').set({ email_verified_at: now }).where('id', '=', personId).where('email_verified_at', 'is', null).execute();
      let ended = tx.deleteFrom('sessions').where('person_id', '=', personId);
      if (keep) ended = ended.where('id_digest', '!=', Buffer.from(keep));
      await ended.execute();
    });
  }

  async setPasswordHash(personId: number, passwordHash: string, now: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.updateTable('people').set({ password_hash: passwordHash }).where('id', '=', personId).execute();
      // A reset link mailed before the change must not undo it.
      await tx.updateTable('email_tokens').set({ expires_at: now }).where('person_id', '=', personId).where('purpose', '=', 'reset').where('used_at', 'is', null).where('expires_at', '>', now).execute();
    });
  }

  async createSession(idDigest: Uint8Array, personId: number, csrfToken: string, now: number, expiresAt: number, maxSessions = Number.POSITIVE_INFINITY): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      // A no-op update locks the person's row (PostgreSQL; SQLite has one writer): concurrent sign-ins trim one at a time.
      await tx.updateTable('people').set({ id: personId }).where('id', '=', personId).execute();
      await tx
        .insertInto('sessions')
        .values({ id_digest: Buffer.from(idDigest), person_id: personId, csrf_token: csrfToken, created_at: now, last_seen_at: now, expires_at: expiresAt })
        .execute();
      if (!Number.isFinite(maxSessions)) return;
      // The new session stays, with the newest maxSessions - 1 others (ties by digest, so the order is total); the oldest end.
      const digest = Buffer.from(idDigest);
      const kept = tx
        .selectFrom('sessions')
        .select('id_digest')
        .where('person_id', '=', personId)
        .where('id_digest', '!=', digest)
        .orderBy('created_at', 'desc')
        .orderBy('id_digest', 'desc')
        .limit(Math.max(0, maxSessions - 1));
      await tx.deleteFrom('sessions').where('person_id', '=', personId).where('id_digest', '!=', digest).where('id_digest', 'not in', kept).execute();
    });
  }

  async findSession(idDigest: Uint8Array): Promise<SessionRecord | undefined> {
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('people as p', 'p.id', 's.person_id')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .select(['s.csrf_token', 's.created_at as session_created_at', 's.last_seen_at', 's.expires_at'])
      .select(['p.id as person_id', 'p.account_id', 'p.email', 'p.password_hash', 'p.email_verified_at', 'p.role', 'p.created_at as person_created_at'])
      .select(['a.name', 'a.tier', 'a.rate', 'a.monthly_quota', 'a.created_at as account_created_at', 'a.plan_ends_at'])
      .where('s.id_digest', '=', Buffer.from(idDigest))
      .where('a.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      person: {
        id: row.person_id,
        accountId: row.account_id,
        email: row.email,
        passwordHash: row.password_hash,
        emailVerifiedAt: row.email_verified_at,
        role: row.role as PersonRecord['role'],
        createdAt: row.person_created_at,
      },
      account: { id: row.account_id, name: row.name, tier: row.tier as Tier, rate: row.rate, monthlyQuota: row.monthly_quota, createdAt: row.account_created_at, planEndsAt: row.plan_ends_at },
      csrfToken: row.csrf_token,
      createdAt: row.session_created_at,
      lastSeenAt: row.last_seen_at,
      expiresAt: row.expires_at,
    };
  }

  async touchSession(idDigest: Uint8Array, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id_digest', '=', Buffer.from(idDigest)).execute();
  }

  async deleteSession(idDigest: Uint8Array): Promise<void> {
    await this.db.deleteFrom('sessions').where('id_digest', '=', Buffer.from(idDigest)).execute();
  }

  async deleteSessionsOf(personId: number, except?: Uint8Array): Promise<number> {
    let query = this.db.deleteFrom('sessions').where('person_id', '=', personId);
    if (except) query = query.where('id_digest', '!=', Buffer.from(except));
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async createEmailToken(tokenDigest: Uint8Array, personId: number, purpose: EmailTokenPurpose, now: number, expiresAt: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      // Only the newest link of a kind works: a leaked older mail is worth nothing once a new one is sent.
      await tx.updateTable('email_tokens').set({ expires_at: now }).where('person_id', '=', personId).where('purpose', '=', purpose).where('used_at', 'is', null).where('expires_at', '>', now).execute();
      await tx.insertInto('email_tokens').values({ token_digest: Buffer.from(tokenDigest), person_id: personId, purpose, created_at: now, expires_at: expiresAt, used_at: null }).execute();
    });
  }

  async checkEmailToken(tokenDigest: Uint8Array, purpose: EmailTokenPurpose, now: number): Promise<EmailTokenUse> {
    const row = await this.db
      .selectFrom('email_tokens')
      .select(['person_id', 'used_at', 'expires_at'])
      .where('token_digest', '=', Buffer.from(tokenDigest))
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    if (!row) return { status: 'unknown' };
    if (row.used_at !== null) return { status: 'used' };
    return row.expires_at > now ? { status: 'ok', personId: row.person_id } : { status: 'expired' };
  }

  async useEmailToken(tokenDigest: Uint8Array, purpose: EmailTokenPurpose, now: number): Promise<EmailTokenUse> {
    const digest = Buffer.from(tokenDigest);
    // One conditional UPDATE: two clicks racing on the same link cannot both use it.
    const used = await this.db
      .updateTable('email_tokens')
      .set({ used_at: now })
      .where('token_digest', '=', digest)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('person_id')
      .executeTakeFirst();
    if (used) return { status: 'ok', personId: used.person_id };
    const state = await this.checkEmailToken(digest, purpose, now);
    // Lost a race with another use of the same link between the UPDATE and this read: report it as used.
    return state.status === 'ok' ? { status: 'used' } : state;
  }

  async findAccount(id: number): Promise<AccountRecord | undefined> {
    const row = await this.db.selectFrom('accounts').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return row && toAccount(row);
  }

  async findAccountByName(name: string): Promise<AccountRecord | undefined> {
    const row = await this.db.selectFrom('accounts').selectAll().where('name', '=', name).where('deleted_at', 'is', null).executeTakeFirst();
    return row && toAccount(row);
  }

  async listAccounts(period: string, now: number): Promise<AccountListing[]> {
    const used = await this.usageTotals(period);
    const rows = await this.db
      .selectFrom('accounts as a')
      .selectAll('a')
      .select((eb) => [
        eb.selectFrom('people as p').select(eb.fn.countAll<number>().as('n')).whereRef('p.account_id', '=', 'a.id').as('people'),
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
      .map((row) => ({ ...toAccount(row), used: used.get(row.id) ?? 0, people: Number(row.people ?? 0), activeKeys: Number(row.active_keys ?? 0) }))
      .sort((a, b) => byCodeUnit(a.name, b.name));
  }

  async changePlan(accountId: number, change: PlanChange): Promise<void> {
    await this.db.transaction().execute((tx) => recordPlanChange(tx, accountId, change));
  }

  async deleteAccount(accountId: number, now: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.updateTable('api_keys').set({ revoked_at: now }).where('account_id', '=', accountId).where('revoked_at', 'is', null).execute();
      const people = tx.selectFrom('people').select('id').where('account_id', '=', accountId);
      await tx.deleteFrom('sessions').where('person_id', 'in', people).execute();
      await tx.deleteFrom('email_tokens').where('person_id', 'in', people).execute();
      await tx.deleteFrom('people').where('account_id', '=', accountId).execute();
      // Usage and plan history stay (the operator's records); the name is freed for a new sign-up.
      await tx.updateTable('accounts').set({ deleted_at: now, name: sql<string>`'deleted-' || id` }).where('id', '=', accountId).execute();
    });
  }

  async createAccountKey(accountId: number, key: NewAccountKey, now: number, maxWorkingKeys = Number.POSITIVE_INFINITY): Promise<'created' | 'limit'> {
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
        .values({ id: key.id, account_id: accountId, digest: Buffer.from(key.digest), environment: key.environment, name: key.name, created_at: now, revoked_at: null, expires_at: key.expiresAt })
        .execute();
      return 'created';
    });
  }

  async listAccountKeys(accountId: number, page?: KeyPage): Promise<AccountKeyListing[]> {
    let query = this.db
      .selectFrom('api_keys')
      .select(['id', 'name', 'environment', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id');
    if (page?.after) {
      const { createdAt, id } = page.after;
      query = query.where((w) => w.or([w('created_at', '<', createdAt), w.and([w('created_at', '=', createdAt), w('id', '>', id)])]));
    }
    if (page) query = query.limit(page.limit);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      environment: row.environment as KeyEnvironment,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      expiresAt: row.expires_at,
      revokedAt: row.revoked_at,
    }));
  }

  async revokeAccountKey(accountId: number, keyId: string, now: number): Promise<boolean> {
    const key = await this.db.selectFrom('api_keys').select(['revoked_at']).where('id', '=', keyId).where('account_id', '=', accountId).executeTakeFirst();
    if (!key) return false;
    if (key.revoked_at === null) await this.db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', keyId).execute();
    return true;
  }

  rollAccountKey(accountId: number, keyId: string, next: NewKey, graceEndsAt: number, now: number): Promise<boolean> {
    return rollKey(this.db, { id: keyId, accountId, inherit: true }, next, graceEndsAt, now);
  }

  async touchKeys(lastUsed: ReadonlyMap<string, number>): Promise<void> {
    if (lastUsed.size === 0) return;
    await this.db.transaction().execute(async (tx) => {
      for (const [id, at] of lastUsed) await tx.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
    });
  }

  async addUsageDays(deltas: readonly UsageDayDelta[]): Promise<void> {
    if (deltas.length === 0) return;
    await this.db.transaction().execute(async (tx) => {
      for (const d of deltas) {
        await tx
          .insertInto('usage_days')
          .values({ account_id: d.accountId, day: d.day, records: d.records, rate_limited: d.rateLimited, quota_exceeded: d.quotaExceeded, subscription_required: d.subscriptionRequired })
          .onConflict((oc) =>
            oc.columns(['account_id', 'day']).doUpdateSet((eb) => ({
              records: eb('usage_days.records', '+', eb.ref('excluded.records')),
              rate_limited: eb('usage_days.rate_limited', '+', eb.ref('excluded.rate_limited')),
              quota_exceeded: eb('usage_days.quota_exceeded', '+', eb.ref('excluded.quota_exceeded')),
              subscription_required: eb('usage_days.subscription_required', '+', eb.ref('excluded.subscription_required')),
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
    return rows.map((row) => ({ day: row.day, records: row.records, rateLimited: row.rate_limited, quotaExceeded: row.quota_exceeded, subscriptionRequired: Number(row.subscription_required) }));
  }
}

function toPerson(row: Selectable<PersonTable>): PersonRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    email: row.email,
    passwordHash: row.password_hash,
    emailVerifiedAt: row.email_verified_at,
    role: row.role as PersonRecord['role'],
    createdAt: row.created_at,
  };
}

/**
 * The AccountRecord of an `accounts` row.
 * @example const account = toAccount(row);
 */
export function toAccount(row: Selectable<AccountTable>): AccountRecord {
  return { id: row.id, name: row.name, tier: row.tier as Tier, rate: row.rate, monthlyQuota: row.monthly_quota, createdAt: row.created_at, planEndsAt: row.plan_ends_at === null ? null : Number(row.plan_ends_at) };
}

/**
 * Applies a plan change to the account and appends it to `plan_changes`, in the caller's transaction: `none` keeps
 * the plan's name and limits and ends it at the change's time; another plan sets them and its end (null: serves).
 * @example await db.transaction().execute((tx) => recordPlanChange(tx, 7, { tier: 'pro', limits, at, byPersonId: null, approvedBy: 'operator' }));
 */
export async function recordPlanChange(tx: Kysely<StoreDatabase>, accountId: number, change: PlanChange): Promise<void> {
  const endsAt = change.tier === 'none' ? change.at : (change.endsAt ?? null);
  if (change.tier === 'none') await tx.updateTable('accounts').set({ plan_ends_at: endsAt }).where('id', '=', accountId).execute();
  else await tx.updateTable('accounts').set({ tier: change.tier, rate: change.limits.rate, monthly_quota: change.limits.monthlyQuota, plan_ends_at: endsAt }).where('id', '=', accountId).execute();
  await tx
    .insertInto('plan_changes')
    .values({ account_id: accountId, tier: change.tier, rate: change.limits.rate, monthly_quota: change.limits.monthlyQuota, at: change.at, by_person_id: change.byPersonId, approved_by: change.approvedBy, ends_at: endsAt })
    .execute();
}
