import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { StoreEngine, StoreMigration } from './migrations/store-migration.js';
import { migration0001AccountsKeysUsage } from './migrations/0001-accounts-keys-usage.js';
import { migration0002UsageJournal } from './migrations/0002-usage-journal.js';
import { migration0003PeopleSessionsPlans } from './migrations/0003-people-sessions-plans.js';
import { migration0004SsoConnections } from './migrations/0004-sso-connections.js';
import { migration0005Billing } from './migrations/0005-billing.js';
import { migration0006NoPlanSince } from './migrations/0006-no-plan-since.js';
import { migration0007Sla } from './migrations/0007-sla.js';

export type { StoreEngine } from './migrations/store-migration.js';

// Migrations are code, keyed by a sortable name, one file each in migrations/, listed here in order; never edit one
// that has shipped, add the next (see docs/deploy.md, "Upgrades"). Each engine's schema is the same as its separate migrations made before they were merged here
// (server/test/store/store-migrations.test.ts holds them to it).
const STORE_MIGRATIONS: readonly StoreMigration[] = [
  migration0001AccountsKeysUsage,
  migration0002UsageJournal,
  migration0003PeopleSessionsPlans,
  migration0004SsoConnections,
  migration0005Billing,
  migration0006NoPlanSince,
  migration0007Sla,
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
