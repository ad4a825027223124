import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

// The PostgreSQL store's schema: the SQLite store's tables (server/src/store/sqlite/migrations.ts) with PostgreSQL
// types (bigint for epoch milliseconds and counts, bytea for digests). Migrations are code keyed by a sortable name;
// never edit one that has shipped, add the next. Kysely's PostgreSQL adapter runs them under a transaction-scoped
// advisory lock, so instances starting together apply each once.
const MIGRATIONS: Record<string, Migration> = {
  '0001_accounts_keys_usage_people': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('tier', 'text', (c) => c.notNull().check(sql`tier in ('standard', 'pro', 'enterprise')`))
        .addColumn('rate', 'integer', (c) => c.notNull().check(sql`rate > 0`))
        .addColumn('monthly_quota', 'bigint', (c) => c.notNull().check(sql`monthly_quota >= 0`))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('digest', 'bytea', (c) => c.notNull())
        .addColumn('environment', 'text', (c) => c.notNull().check(sql`environment in ('live', 'test')`))
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('expires_at', 'bigint')
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();
      await db.schema
        .createTable('usage')
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('records', 'bigint', (c) => c.notNull().check(sql`records >= 0`))
        .addPrimaryKeyConstraint('usage_pk', ['account_id', 'period'])
        .execute();
      await db.schema
        .createTable('people')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('email_verified_at', 'bigint')
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'member')`))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('people_account').on('people').column('account_id').execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id_digest', 'bytea', (c) => c.primaryKey())
        .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id'))
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_person').on('sessions').column('person_id').execute();
      await db.schema
        .createTable('email_tokens')
        .addColumn('token_digest', 'bytea', (c) => c.primaryKey())
        .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id'))
        .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('verify', 'reset')`))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('email_tokens_person').on('email_tokens').column('person_id').execute();
      await db.schema
        .createTable('plan_changes')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('tier', 'text', (c) => c.notNull())
        .addColumn('rate', 'integer', (c) => c.notNull())
        .addColumn('monthly_quota', 'bigint', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('by_person_id', 'integer')
        .addColumn('approved_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('usage_days')
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('records', 'bigint', (c) => c.notNull())
        .addColumn('rate_limited', 'bigint', (c) => c.notNull())
        .addColumn('quota_exceeded', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_days_pk', ['account_id', 'day'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['usage_days', 'plan_changes', 'email_tokens', 'sessions', 'people', 'usage', 'api_keys', 'accounts']) await db.schema.dropTable(table).execute();
    },
  },
  '0002_sso_connections': {
    // Enterprise single sign-on (as the SQLite store's 0004): one OpenID Provider per account, the client secret
    // sealed, and the e-mail domains that lead to it; a domain belongs to one account.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sso_connections')
        .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id'))
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('client_secret_sealed', 'bytea', (c) => c.notNull())
        .addColumn('audience', 'text', (c) => c.notNull())
        .addColumn('jwks_uri', 'text', (c) => c.notNull())
        .addColumn('org_claim', 'text')
        .addColumn('org_value', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sso_connections_issuer').on('sso_connections').column('issuer').execute();
      await db.schema
        .createTable('sso_domains')
        .addColumn('domain', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('sso_connections.account_id'))
        .execute();
      await db.schema.createIndex('sso_domains_account').on('sso_domains').column('account_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sso_domains').execute();
      await db.schema.dropTable('sso_connections').execute();
    },
  },
  '0003_billing': {
    // Billing (as the SQLite store's 0005): when an account's plan stops serving (no paid plan, or the end of a past-due grace), the
    // source of each plan change's end, refusals for want of a subscription per day, the Stripe customer and
    // subscription of an account, and the webhook events already applied (each applied once).
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('accounts').addColumn('plan_ends_at', 'bigint').execute();
      await db.schema.alterTable('plan_changes').addColumn('ends_at', 'bigint').execute();
      await db.schema.alterTable('usage_days').addColumn('subscription_required', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema
        .createTable('billing_customers')
        .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id'))
        .addColumn('customer_id', 'text', (c) => c.notNull().unique())
        .addColumn('subscription_id', 'text')
        .addColumn('status', 'text')
        .addColumn('price_id', 'text')
        .addColumn('current_period_end', 'bigint')
        .addColumn('past_due_since', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('billing_events')
        .addColumn('event_id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('account_id', 'integer')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('billing_events').execute();
      await db.schema.dropTable('billing_customers').execute();
      await db.schema.alterTable('usage_days').dropColumn('subscription_required').execute();
      await db.schema.alterTable('plan_changes').dropColumn('ends_at').execute();
      await db.schema.alterTable('accounts').dropColumn('plan_ends_at').execute();
    },
  },
};

/**
 * The PostgreSQL store's Kysely migrations.
 * @example await new Migrator({ db, provider: postgresMigrations }).migrateToLatest()
 */
export const postgresMigrations: MigrationProvider = {
  async getMigrations() {
    return MIGRATIONS;
  },
};
