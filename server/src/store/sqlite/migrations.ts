import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

// Migrations are code, keyed by a sortable name; never edit one that has shipped, add the next.
const MIGRATIONS: Record<string, Migration> = {
  '0001_accounts_keys_usage': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('tier', 'text', (c) => c.notNull().check(sql`tier in ('standard', 'pro', 'enterprise')`))
        .addColumn('rate', 'integer', (c) => c.notNull().check(sql`rate > 0`))
        .addColumn('monthly_quota', 'integer', (c) => c.notNull().check(sql`monthly_quota >= 0`))
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('digest', 'blob', (c) => c.notNull())
        .addColumn('environment', 'text', (c) => c.notNull().check(sql`environment in ('live', 'test')`))
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .addColumn('revoked_at', 'integer')
        .addColumn('expires_at', 'integer')
        .execute();
      await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();
      await db.schema
        .createTable('usage')
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('records', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_pk', ['account_id', 'period'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('usage').execute();
      await db.schema.dropTable('api_keys').execute();
      await db.schema.dropTable('accounts').execute();
    },
  },
  '0002_usage_journal': {
    // Position of the usage journal already folded into `usage`, so a replay after a crash applies each line once.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('usage_journal')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('folded_seq', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('usage_journal').execute();
    },
  },
  '0003_people_sessions_plans': {
    // Self-service accounts: people who sign in, their sessions and e-mailed links (digests only), plan changes,
    // per-day activity, and what owners see of their keys.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('accounts').addColumn('deleted_at', 'integer').execute();
      await db.schema.alterTable('api_keys').addColumn('name', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('api_keys').addColumn('last_used_at', 'integer').execute();
      await db.schema
        .createTable('people')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('email_verified_at', 'integer')
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'member')`))
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('people_account').on('people').column('account_id').execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id_digest', 'blob', (c) => c.primaryKey())
        .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id'))
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .addColumn('last_seen_at', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_person').on('sessions').column('person_id').execute();
      await db.schema
        .createTable('email_tokens')
        .addColumn('token_digest', 'blob', (c) => c.primaryKey())
        .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id'))
        .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('verify', 'reset')`))
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'integer', (c) => c.notNull())
        .addColumn('used_at', 'integer')
        .execute();
      await db.schema.createIndex('email_tokens_person').on('email_tokens').column('person_id').execute();
      await db.schema
        .createTable('plan_changes')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('tier', 'text', (c) => c.notNull())
        .addColumn('rate', 'integer', (c) => c.notNull())
        .addColumn('monthly_quota', 'integer', (c) => c.notNull())
        .addColumn('at', 'integer', (c) => c.notNull())
        .addColumn('by_person_id', 'integer')
        .addColumn('approved_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('usage_days')
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('records', 'integer', (c) => c.notNull())
        .addColumn('rate_limited', 'integer', (c) => c.notNull())
        .addColumn('quota_exceeded', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_days_pk', ['account_id', 'day'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['usage_days', 'plan_changes', 'email_tokens', 'sessions', 'people']) await db.schema.dropTable(table).execute();
      await db.schema.alterTable('api_keys').dropColumn('last_used_at').execute();
      await db.schema.alterTable('api_keys').dropColumn('name').execute();
      await db.schema.alterTable('accounts').dropColumn('deleted_at').execute();
    },
  },
  '0004_sso_connections': {
    // Enterprise single sign-on: one OpenID Provider per account (the client secret sealed, never in clear) and the
    // e-mail domains that lead to it; a domain belongs to one account.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sso_connections')
        .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id'))
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('client_secret_sealed', 'blob', (c) => c.notNull())
        .addColumn('audience', 'text', (c) => c.notNull())
        .addColumn('jwks_uri', 'text', (c) => c.notNull())
        .addColumn('org_claim', 'text')
        .addColumn('org_value', 'text')
        .addColumn('updated_at', 'integer', (c) => c.notNull())
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
  '0005_billing': {
    // Billing (issue 24): when an account's plan stops serving (no paid plan, or the end of a past-due grace), the
    // source of each plan change's end, refusals for want of a subscription per day, the Stripe customer and
    // subscription of an account, and the webhook events already applied (each applied once).
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('accounts').addColumn('plan_ends_at', 'integer').execute();
      await db.schema.alterTable('plan_changes').addColumn('ends_at', 'integer').execute();
      await db.schema.alterTable('usage_days').addColumn('subscription_required', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema
        .createTable('billing_customers')
        .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id'))
        .addColumn('customer_id', 'text', (c) => c.notNull().unique())
        .addColumn('subscription_id', 'text')
        .addColumn('status', 'text')
        .addColumn('price_id', 'text')
        .addColumn('current_period_end', 'integer')
        .addColumn('past_due_since', 'integer')
        .addColumn('updated_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('billing_events')
        .addColumn('event_id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('account_id', 'integer')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('received_at', 'integer', (c) => c.notNull())
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
 * The store's Kysely migrations, in code so the package needs no migration folder at run time.
 * @example await new Migrator({ db, provider: storeMigrations }).migrateToLatest()
 */
export const storeMigrations: MigrationProvider = {
  async getMigrations() {
    return MIGRATIONS;
  },
};
