import { sql } from 'kysely';
import { COLUMN_TYPES, withSerialId, type StoreMigration } from './store-migration.js';

/**
 * The SLA (issue 38): /v1 requests that count, good and bad, per minute, per account and overall (account 0);
 * the batches already folded (each instance's batch applied once however often it is retried); an Enterprise
 * account's contracted objective; the status page's incidents and operator notes; the quota notices sent.
 * @example await migration0007Sla.up(db, 'sqlite'); // as storeMigrations('sqlite') runs it
 */
export const migration0007Sla: StoreMigration = {
  names: { sqlite: '0007_sla', postgres: '0005_sla' },
  async up(db, engine) {
    const t = COLUMN_TYPES[engine];
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
    await db.schema
      .createIndex('status_incidents_one_open')
      .on('status_incidents')
      .expression(sql`(closed_at IS NULL)`)
      .unique()
      .where(sql<boolean>`closed_at IS NULL`)
      .execute();
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
    for (const table of [
      'quota_notice_settings',
      'quota_notices',
      'status_notes',
      'status_incidents',
      'sla_objectives',
      'sli_batches',
      'sli_minutes',
    ])
      await db.schema.dropTable(table).execute();
  },
};
