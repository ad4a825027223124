import { sql } from 'kysely';
import { COLUMN_TYPES, type StoreMigration } from './store-migration.js';

/**
 * "No plan" stored as itself (issue 36): an account without a paid plan was its last tier with `plan_ends_at`
 * set to the time the plan ended; it gets `no_plan_since` instead, and `plan_ends_at` is left to a plan that
 * serves until a time (a past-due grace). An account's latest plan change says which it was.
 * @example await migration0006NoPlanSince.up(db, 'sqlite'); // as storeMigrations('sqlite') runs it
 */
export const migration0006NoPlanSince: StoreMigration = {
  names: { sqlite: '0006_no_plan_since', postgres: '0004_no_plan_since' },
  async up(db, engine) {
    await db.schema.alterTable('accounts').addColumn('no_plan_since', COLUMN_TYPES[engine].epoch).execute();
    await sql`UPDATE accounts SET no_plan_since = plan_ends_at, plan_ends_at = NULL
      WHERE plan_ends_at IS NOT NULL
        AND (SELECT p.tier FROM plan_changes p WHERE p.account_id = accounts.id ORDER BY p.id DESC LIMIT 1) = 'none'`.execute(
      db,
    );
  },
  async down(db) {
    await sql`UPDATE accounts SET plan_ends_at = no_plan_since WHERE no_plan_since IS NOT NULL`.execute(db);
    await db.schema.alterTable('accounts').dropColumn('no_plan_since').execute();
  },
};
