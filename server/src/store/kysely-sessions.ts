import type { Kysely } from 'kysely';
import { toAccount } from './kysely-accounts.js';
import { toPerson } from './kysely-people.js';
import type { SessionRecord, SessionStore } from './session-store.js';
import type { StoreDatabase } from './store-schema.js';

/**
 * Dashboard sessions in Kysely queries that SQLite and PostgreSQL both run.
 * @example const sessions = new KyselySessions(db); await sessions.findSession(digest);
 */
export class KyselySessions implements SessionStore {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  async createSession(
    idDigest: Uint8Array,
    personId: number,
    csrfToken: string,
    now: number,
    expiresAt: number,
    maxSessions = Number.POSITIVE_INFINITY,
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      // A no-op update locks the person's row (PostgreSQL; SQLite has one writer): concurrent sign-ins trim one at a time.
      await tx.updateTable('people').set({ id: personId }).where('id', '=', personId).execute();
      await tx
        .insertInto('sessions')
        .values({
          id_digest: Buffer.from(idDigest),
          person_id: personId,
          csrf_token: csrfToken,
          created_at: now,
          last_seen_at: now,
          expires_at: expiresAt,
        })
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
      await tx
        .deleteFrom('sessions')
        .where('person_id', '=', personId)
        .where('id_digest', '!=', digest)
        .where('id_digest', 'not in', kept)
        .execute();
    });
  }

  async findSession(idDigest: Uint8Array): Promise<SessionRecord | undefined> {
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('people as p', 'p.id', 's.person_id')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .select(['s.csrf_token', 's.created_at as session_created_at', 's.last_seen_at', 's.expires_at'])
      .select([
        'p.id as person_id',
        'p.account_id',
        'p.email',
        'p.password_hash',
        'p.email_verified_at',
        'p.role',
        'p.created_at as person_created_at',
      ])
      .select([
        'a.name',
        'a.tier',
        'a.rate',
        'a.monthly_quota',
        'a.created_at as account_created_at',
        'a.deleted_at',
        'a.plan_ends_at',
        'a.no_plan_since',
      ])
      .where('s.id_digest', '=', Buffer.from(idDigest))
      .where('a.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      person: toPerson({ ...row, id: row.person_id, created_at: row.person_created_at }),
      account: toAccount({ ...row, id: row.account_id, created_at: row.account_created_at }),
      csrfToken: row.csrf_token,
      createdAt: row.session_created_at,
      lastSeenAt: row.last_seen_at,
      expiresAt: row.expires_at,
    };
  }

  async touchSession(idDigest: Uint8Array, now: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('id_digest', '=', Buffer.from(idDigest))
      .execute();
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
}
