import { sql } from 'kysely';
import { COLUMN_TYPES, withSerialId, type StoreMigration } from './store-migration.js';

/**
 * Self-service accounts: people who sign in, their sessions and e-mailed links (digests only), plan changes,
 * per-day activity, and what owners see of their keys.
 * @example await migration0003PeopleSessionsPlans.up(db, 'sqlite'); // as storeMigrations('sqlite') runs it
 */
export const migration0003PeopleSessionsPlans: StoreMigration = {
  names: { sqlite: '0003_people_sessions_plans', postgres: '0001_accounts_keys_usage_people' },
  async up(db, engine) {
    const t = COLUMN_TYPES[engine];
    await db.schema.alterTable('accounts').addColumn('deleted_at', t.epoch).execute();
    if (engine === 'sqlite')
      await db.schema
        .alterTable('api_keys')
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    await db.schema.alterTable('api_keys').addColumn('last_used_at', t.epoch).execute();
    await withSerialId(db.schema.createTable('people'), engine)
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text')
      .addColumn('email_verified_at', t.epoch)
      .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'member')`))
      .addColumn('created_at', t.epoch, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('people_account').on('people').column('account_id').execute();
    await db.schema
      .createTable('sessions')
      .addColumn('id_digest', t.bytes, (c) => c.primaryKey())
      .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id'))
      .addColumn('csrf_token', 'text', (c) => c.notNull())
      .addColumn('created_at', t.epoch, (c) => c.notNull())
      .addColumn('last_seen_at', t.epoch, (c) => c.notNull())
      .addColumn('expires_at', t.epoch, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_person').on('sessions').column('person_id').execute();
    await db.schema
      .createTable('email_tokens')
      .addColumn('token_digest', t.bytes, (c) => c.primaryKey())
      .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id'))
      .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('verify', 'reset')`))
      .addColumn('created_at', t.epoch, (c) => c.notNull())
      .addColumn('expires_at', t.epoch, (c) => c.notNull())
      .addColumn('used_at', t.epoch)
      .execute();
    await db.schema.createIndex('email_tokens_person').on('email_tokens').column('person_id').execute();
    await withSerialId(db.schema.createTable('plan_changes'), engine)
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
      .addColumn('tier', 'text', (c) => c.notNull())
      .addColumn('rate', 'integer', (c) => c.notNull())
      .addColumn('monthly_quota', t.count, (c) => c.notNull())
      .addColumn('at', t.epoch, (c) => c.notNull())
      .addColumn('by_person_id', 'integer')
      .addColumn('approved_by', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('usage_days')
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('records', t.count, (c) => c.notNull())
      .addColumn('rate_limited', t.count, (c) => c.notNull())
      .addColumn('quota_exceeded', t.count, (c) => c.notNull())
      .addPrimaryKeyConstraint('usage_days_pk', ['account_id', 'day'])
      .execute();
  },
  async down(db, engine) {
    for (const table of ['usage_days', 'plan_changes', 'email_tokens', 'sessions', 'people'])
      await db.schema.dropTable(table).execute();
    await db.schema.alterTable('api_keys').dropColumn('last_used_at').execute();
    if (engine === 'sqlite') await db.schema.alterTable('api_keys').dropColumn('name').execute();
    await db.schema.alterTable('accounts').dropColumn('deleted_at').execute();
  },
};
