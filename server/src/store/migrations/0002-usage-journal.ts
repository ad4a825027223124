import { sql } from 'kysely';
import type { StoreMigration } from './store-migration.js';

/**
 * Position of the usage journal already folded into `usage`, so a replay after a crash applies each line once.
 * SQLite only: PostgreSQL stores have no journal.
 * @example await migration0002UsageJournal.up(db, 'sqlite'); // as storeMigrations('sqlite') runs it
 */
export const migration0002UsageJournal: StoreMigration = {
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
};
