import { sql, type ColumnDataType, type CreateTableBuilder, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/** The engines a store runs on: the embedded SQLite file, or PostgreSQL for a fleet. */
export type StoreEngine = 'sqlite' | 'postgres';

/** Column types by what a column holds: SQLite's integer is 64-bit, PostgreSQL needs bigint for ms and counts. */
interface ColumnTypes {
  /** Epoch milliseconds. */
  epoch: ColumnDataType;
  /** Records and request counts (may pass 2^31). */
  count: ColumnDataType;
  /** Digests and sealed secrets. */
  bytes: ColumnDataType;
}

const TYPES: Record<StoreEngine, ColumnTypes> = {
  sqlite: { epoch: 'integer', count: 'integer', bytes: 'blob' },
  postgres: { epoch: 'bigint', count: 'bigint', bytes: 'bytea' },
};

/** One step of the schema, written once for both engines. */
interface StoreMigration {
  /**
   * Its name in each engine's `kysely_migration` (never change a shipped one); an engine without a name does not
   * take the step. Steps with the same name on an engine run there as one migration, in list order: PostgreSQL
   * came later and made the first SQLite steps it needed in one.
   */
  names: Partial<Record<StoreEngine, string>>;
  up(db: Kysely<unknown>, engine: StoreEngine): Promise<void>;
  down(db: Kysely<unknown>, engine: StoreEngine): Promise<void>;
}

/** An auto-numbered integer primary key: SQLite's `autoincrement` (ids never reused), PostgreSQL's `serial`. */
function withSerialId<T extends string>(table: CreateTableBuilder<T, never>, engine: StoreEngine): CreateTableBuilder<T, 'id'> {
  return engine === 'sqlite' ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()) : table.addColumn('id', 'serial', (c) => c.primaryKey());
}

// Migrations are code, keyed by a sortable name; never edit one that has shipped, add the next (see docs/deploy.md,
// "Upgrades"). Each engine's schema is the same as its separate migrations made before they were merged here
// (server/test/store/store-migrations.test.ts holds them to it).
const STORE_MIGRATIONS: readonly StoreMigration[] = [
  {
    names: { sqlite: '0001_accounts_keys_usage', postgres: '0001_accounts_keys_usage_people' },
    async up(db, engine) {
      const t = TYPES[engine];
      await withSerialId(db.schema.createTable('accounts'), engine)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('tier', 'text', (c) => c.notNull().check(sql`tier in ('standard', 'pro', 'enterprise')`))
        .addColumn('rate', 'integer', (c) => c.notNull().check(sql`rate > 0`))
        .addColumn('monthly_quota', t.count, (c) => c.notNull().check(sql`monthly_quota >= 0`))
        .addColumn('created_at', t.epoch, (c) => c.notNull())
        .execute();
      let keys = db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('digest', t.bytes, (c) => c.notNull())
        .addColumn('environment', 'text', (c) => c.notNull().check(sql`environment in ('live', 'test')`));
      // PostgreSQL's first migration made the key's name here, in this column position; SQLite added it later.
      if (engine === 'postgres') keys = keys.addColumn('name', 'text', (c) => c.notNull().defaultTo(''));
      await keys
        .addColumn('created_at', t.epoch, (c) => c.notNull())
        .addColumn('revoked_at', t.epoch)
        .addColumn('expires_at', t.epoch)
        .execute();
      await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();
      await db.schema
        .createTable('usage')
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('period', 'text', (c) => c.notNull())
        // PostgreSQL's table was made with this check; SQLite's cannot gain one without being rebuilt.
        .addColumn('records', t.count, (c) => (engine === 'postgres' ? c.notNull().check(sql`records >= 0`) : c.notNull()))
        .addPrimaryKeyConstraint('usage_pk', ['account_id', 'period'])
        .execute();
    },
    async down(db) {
      await db.schema.dropTable('usage').execute();
      await db.schema.dropTable('api_keys').execute();
      await db.schema.dropTable('accounts').execute();
    },
  },
  {
    // Position of the usage journal already folded into `usage`, so a replay after a crash applies each line once.
    // SQLite only: PostgreSQL stores have no journal.
    names: { sqlite: '0002_usage_journal' },
    async up(db) {
      await db.schema
        .createTable('usage_journal')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('folded_seq', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db) {
      await db.schema.dropTable('usage_journal').execute();
    },
  },
  {
    // Self-service accounts: people who sign in, their sessions and e-mailed links (digests only), plan changes,
    // per-day activity, and what owners see of their keys.
    names: { sqlite: '0003_people_sessions_plans', postgres: '0001_accounts_keys_usage_people' },
    async up(db, engine) {
      const t = TYPES[engine];
      await db.schema.alterTable('accounts').addColumn('deleted_at', t.epoch).execute();
      if (engine === 'sqlite') await db.schema.alterTable('api_keys').addColumn('name', 'text', (c) => c.notNull().defaultTo('')).execute();
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
      for (const table of ['usage_days', 'plan_changes', 'email_tokens', 'sessions', 'people']) await db.schema.dropTable(table).execute();
      await db.schema.alterTable('api_keys').dropColumn('last_used_at').execute();
      if (engine === 'sqlite') await db.schema.alterTable('api_keys').dropColumn('name').execute();
      await db.schema.alterTable('accounts').dropColumn('deleted_at').execute();
    },
  },
  {
    // Enterprise single sign-on: one OpenID Provider per account (the client secret sealed, never in clear) and the
    // e-mail domains that lead to it; a domain belongs to one account.
    names: { sqlite: '0004_sso_connections', postgres: '0002_sso_connections' },
    async up(db, engine) {
      const t = TYPES[engine];
      await db.schema
        .createTable('sso_connections')
        .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id'))
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('client_secret_sealed', t.bytes, (c) => c.notNull())
        .addColumn('audience', 'text', (c) => c.notNull())
        .addColumn('jwks_uri', 'text', (c) => c.notNull())
        .addColumn('org_claim', 'text')
        .addColumn('org_value', 'text')
        .addColumn('updated_at', t.epoch, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sso_connections_issuer').on('sso_connections').column('issuer').execute();
      await db.schema
        .createTable('sso_domains')
        .addColumn('domain', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('sso_connections.account_id'))
        .execute();
      await db.schema.createIndex('sso_domains_account').on('sso_domains').column('account_id').execute();
    },
    async down(db) {
      await db.schema.dropTable('sso_domains').execute();
      await db.schema.dropTable('sso_connections').execute();
    },
  },
  {
    // Billing (issue 24): when an account's plan stops serving (no paid plan, or the end of a past-due grace), the
    // source of each plan change's end, refusals for want of a subscription per day, the Stripe customer and
    // subscription of an account, and the webhook events already applied (each applied once).
    names: { sqlite: '0005_billing', postgres: '0003_billing' },
    async up(db, engine) {
      const t = TYPES[engine];
      await db.schema.alterTable('accounts').addColumn('plan_ends_at', t.epoch).execute();
      await db.schema.alterTable('plan_changes').addColumn('ends_at', t.epoch).execute();
      await db.schema.alterTable('usage_days').addColumn('subscription_required', t.count, (c) => c.notNull().defaultTo(0)).execute();
      await db.schema
        .createTable('billing_customers')
        .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id'))
        .addColumn('customer_id', 'text', (c) => c.notNull().unique())
        .addColumn('subscription_id', 'text')
        .addColumn('status', 'text')
        .addColumn('price_id', 'text')
        .addColumn('current_period_end', t.epoch)
        .addColumn('past_due_since', t.epoch)
        .addColumn('updated_at', t.epoch, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('billing_events')
        .addColumn('event_id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('account_id', 'integer')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('received_at', t.epoch, (c) => c.notNull())
        .execute();
    },
    async down(db) {
      await db.schema.dropTable('billing_events').execute();
      await db.schema.dropTable('billing_customers').execute();
      await db.schema.alterTable('usage_days').dropColumn('subscription_required').execute();
      await db.schema.alterTable('plan_changes').dropColumn('ends_at').execute();
      await db.schema.alterTable('accounts').dropColumn('plan_ends_at').execute();
    },
  },
  {
    // "No plan" stored as itself (issue 36): an account without a paid plan was its last tier with `plan_ends_at`
    // set to the time the plan ended; it gets `no_plan_since` instead, and `plan_ends_at` is left to a plan that
    // serves until a time (a past-due grace). An account's latest plan change says which it was.
    names: { sqlite: '0006_no_plan_since', postgres: '0004_no_plan_since' },
    async up(db, engine) {
      await db.schema.alterTable('accounts').addColumn('no_plan_since', TYPES[engine].epoch).execute();
      await sql`UPDATE accounts SET no_plan_since = plan_ends_at, plan_ends_at = NULL
        WHERE plan_ends_at IS NOT NULL
          AND (SELECT p.tier FROM plan_changes p WHERE p.account_id = accounts.id ORDER BY p.id DESC LIMIT 1) = 'none'`.execute(db);
    },
    async down(db) {
      await sql`UPDATE accounts SET plan_ends_at = no_plan_since WHERE no_plan_since IS NOT NULL`.execute(db);
      await db.schema.alterTable('accounts').dropColumn('no_plan_since').execute();
    },
  },
  {
    // The SLA (issue 38): /v1 requests that count, good and bad, per minute, per account and overall (account 0);
    // the batches already folded (each instance's batch applied once however often it is retried); an Enterprise
    // account's contracted objective; the status page's incidents and operator notes; the quota notices sent.
    names: { sqlite: '0007_sla', postgres: '0005_sla' },
    async up(db, engine) {
      const t = TYPES[engine];
      await db.schema
        .createTable('sli_minutes')
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('minute', t.epoch, (c) => c.notNull())
        .addColumn('good', t.count, (c) => c.notNull())
        .addColumn('bad', t.count, (c) => c.notNull())
        .addPrimaryKeyConstraint('sli_minutes_pk', ['account_id', 'minute'])
        .execute();
      await db.schema
        .createTable('sli_batches')
        .addColumn('batch_id', 'text', (c) => c.primaryKey())
        .addColumn('folded_at', t.epoch, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sla_objectives')
        .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id'))
        .addColumn('objective_percent', 'text', (c) => c.notNull())
        .addColumn('updated_at', t.epoch, (c) => c.notNull())
        .execute();
      await withSerialId(db.schema.createTable('status_incidents'), engine)
        .addColumn('opened_at', t.epoch, (c) => c.notNull())
        .addColumn('closed_at', t.epoch)
        .addColumn('title', 'text', (c) => c.notNull())
        .execute();
      // At most one open incident, whichever instance sees the drop first.
      await db.schema.createIndex('status_incidents_one_open').on('status_incidents').expression(sql`(closed_at IS NULL)`).unique().where(sql<boolean>`closed_at IS NULL`).execute();
      await withSerialId(db.schema.createTable('status_notes'), engine)
        .addColumn('incident_id', 'integer', (c) => c.references('status_incidents.id'))
        .addColumn('at', t.epoch, (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('quota_notices')
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('threshold', 'integer', (c) => c.notNull())
        .addColumn('sent_at', t.epoch, (c) => c.notNull())
        .addPrimaryKeyConstraint('quota_notices_pk', ['account_id', 'period', 'threshold'])
        .execute();
      await db.schema
        .createTable('quota_notice_settings')
        .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id'))
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db) {
      for (const table of ['quota_notice_settings', 'quota_notices', 'status_notes', 'status_incidents', 'sla_objectives', 'sli_batches', 'sli_minutes']) await db.schema.dropTable(table).execute();
    },
  },
];

/**
 * One engine's Kysely migrations, by name, from the one list: steps sharing a name run as one migration, up in
 * list order and down in reverse. In code, so the package needs no migration folder at run time.
 * @example const { error } = await migrateStore(db, storeMigrations('postgres'));
 */
export function storeMigrations(engine: StoreEngine): MigrationProvider {
  const steps = new Map<string, StoreMigration[]>();
  for (const step of STORE_MIGRATIONS) {
    const name = step.names[engine];
    if (name !== undefined) steps.set(name, [...(steps.get(name) ?? []), step]);
  }
  const migrations: Record<string, Migration> = {};
  for (const [name, group] of steps) {
    migrations[name] = {
      async up(db: Kysely<unknown>) {
        for (const step of group) await step.up(db, engine);
      },
      async down(db: Kysely<unknown>) {
        for (const step of [...group].reverse()) await step.down(db, engine);
      },
    };
  }
  return {
    async getMigrations() {
      return migrations;
    },
  };
}
