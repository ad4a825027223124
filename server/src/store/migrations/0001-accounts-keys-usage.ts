import { sql } from 'kysely';
import { COLUMN_TYPES, withSerialId, type StoreMigration } from './store-migration.js';

/**
 * The first schema: accounts, their API keys and monthly usage.
 * @example await migration0001AccountsKeysUsage.up(db, 'sqlite'); // as storeMigrations('sqlite') runs it
 */
export const migration0001AccountsKeysUsage: StoreMigration = {
  names: { sqlite: '0001_accounts_keys_usage', postgres: '0001_accounts_keys_usage_people' },
  async up(db, engine) {
    const t = COLUMN_TYPES[engine];
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
      .addColumn('records', t.count, (c) =>
        engine === 'postgres' ? c.notNull().check(sql`records >= 0`) : c.notNull(),
      )
      .addPrimaryKeyConstraint('usage_pk', ['account_id', 'period'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('usage').execute();
    await db.schema.dropTable('api_keys').execute();
    await db.schema.dropTable('accounts').execute();
  },
};
