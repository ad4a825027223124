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
