import { COLUMN_TYPES, type StoreMigration } from './store-migration.js';

/**
 * Billing (issue 24): when an account's plan stops serving (no paid plan, or the end of a past-due grace), the
 * source of each plan change's end, refusals for want of a subscription per day, the Stripe customer and
 * subscription of an account, and the webhook events already applied (each applied once).
 * @example await migration0005Billing.up(db, 'sqlite'); // as storeMigrations('sqlite') runs it
 */
export const migration0005Billing: StoreMigration = {
  names: { sqlite: '0005_billing', postgres: '0003_billing' },
  async up(db, engine) {
    const t = COLUMN_TYPES[engine];
    await db.schema.alterTable('accounts').addColumn('plan_ends_at', t.epoch).execute();
    await db.schema.alterTable('plan_changes').addColumn('ends_at', t.epoch).execute();
    await db.schema
      .alterTable('usage_days')
      .addColumn('subscription_required', t.count, (c) => c.notNull().defaultTo(0))
      .execute();
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
};
