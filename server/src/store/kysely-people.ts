import type { Kysely, Selectable } from 'kysely';
import { recordPlanChange } from './kysely-accounts.js';
import type { EmailTokenPurpose, EmailTokenUse, PeopleStore, PersonRecord } from './people-store.js';
import type { PersonTable, StoreDatabase } from './store-schema.js';
import type { Tier, TierLimits } from './tiers.js';

/**
 * People and their e-mailed links in Kysely queries that SQLite and PostgreSQL both run (none of it is on the
 * `/v1` hot path).
 * @example const people = new KyselyPeople(db); await people.findPersonByEmail('ada@example.com');
 */
export class KyselyPeople implements PeopleStore {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  async createOwner(
    email: string,
    passwordHash: string,
    tier: Tier | 'none',
    limits: TierLimits,
    now: number,
    verification?: { tokenDigest: Uint8Array; expiresAt: number },
  ): Promise<PersonRecord | 'exists'> {
    return this.db.transaction().execute(async (tx) => {
      if (await tx.selectFrom('people').select('id').where('email', '=', email).executeTakeFirst()) return 'exists';
      // An operator may already have an account of that name (keys made with `ussynth-server keys create`): never join it.
      if (await tx.selectFrom('accounts').select('id').where('name', '=', email).executeTakeFirst()) return 'exists';
      // No paid plan yet: the account has Standard's limits (what a first plan gives) and no plan until one is set.
      const account = await tx
        .insertInto('accounts')
        .values({
          name: email,
          tier: tier === 'none' ? 'standard' : tier,
          rate: limits.rate,
          monthly_quota: limits.monthlyQuota,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordPlanChange(tx, account.id, { tier, limits, at: now, byPersonId: null, approvedBy: 'sign-up' });
      const person = await tx
        .insertInto('people')
        .values({
          account_id: account.id,
          email,
          password_hash: passwordHash,
          email_verified_at: null,
          role: 'owner',
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (verification) {
        await tx
          .insertInto('email_tokens')
          .values({
            token_digest: Buffer.from(verification.tokenDigest),
            person_id: person.id,
            purpose: 'verify',
            created_at: now,
            expires_at: verification.expiresAt,
            used_at: null,
          })
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
    const rows = await this.db
      .selectFrom('people')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('email')
      .execute();
    return rows.map(toPerson);
  }

  async markEmailVerified(personId: number, now: number): Promise<void> {
    await this.db
      .updateTable('people')
      .set({ email_verified_at: now })
      .where('id', '=', personId)
      .where('email_verified_at', 'is', null)
      .execute();
  }

  async confirmEmail(personId: number, now: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('people')
        .set({ email_verified_at: now })
        .where('id', '=', personId)
        .where('email_verified_at', 'is', null)
        .execute();
      await tx.deleteFrom('sessions').where('person_id', '=', personId).execute();
    });
  }

  async setPasswordHash(personId: number, passwordHash: string, now: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.updateTable('people').set({ password_hash: passwordHash }).where('id', '=', personId).execute();
      // A reset link mailed before the change must not undo it.
      await tx
        .updateTable('email_tokens')
        .set({ expires_at: now })
        .where('person_id', '=', personId)
        .where('purpose', '=', 'reset')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .execute();
    });
  }

  async createEmailToken(
    tokenDigest: Uint8Array,
    personId: number,
    purpose: EmailTokenPurpose,
    now: number,
    expiresAt: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      // Only the newest link of a kind works: a leaked older mail is worth nothing once a new one is sent.
      await tx
        .updateTable('email_tokens')
        .set({ expires_at: now })
        .where('person_id', '=', personId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .execute();
      await tx
        .insertInto('email_tokens')
        .values({
          token_digest: Buffer.from(tokenDigest),
          person_id: personId,
          purpose,
          created_at: now,
          expires_at: expiresAt,
          used_at: null,
        })
        .execute();
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
}

/**
 * The PersonRecord of a `people` row.
 * @example const person = toPerson(row);
 */
export function toPerson(row: Selectable<PersonTable>): PersonRecord {
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
