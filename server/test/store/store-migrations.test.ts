import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { psql, startPostgres, type TestPostgres } from '../../../test/infra/postgres-server.js';
import { migrateStore } from '../../src/store/migrate-store.js';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.js';
import { postgresPool } from '../../src/store/postgres/postgres-pool.js';
import { Database } from '../../src/store/sqlite/sqlite-driver.js';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';
import { storeMigrations, type StoreEngine } from '../../src/store/store-migrations.js';
import { postgresSchemaAfter, sqliteSchemaAfter } from './store-schema-dump.js';

// What each engine's own migrations made before they became one list (recorded from them).
const SNAPSHOTS = new URL('../fixtures/store-schema/', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'ussynth-migrations-'));
let pg: TestPostgres;
// The last migration each engine had when its own migrations became one list (the snapshots' schema).
const MERGED_AT: Record<StoreEngine, string> = { sqlite: '0005_billing', postgres: '0003_billing' };

/** The engine's migrations up to and including `last`. */
function migrationsUpTo(engine: StoreEngine, last: string): MigrationProvider {
  return {
    async getMigrations() {
      return Object.fromEntries(
        Object.entries(await storeMigrations(engine).getMigrations()).filter(([name]) => name <= last),
      );
    },
  };
}

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);

afterAll(() => {
  pg?.destroy();
  rmSync(work, { recursive: true, force: true });
});

describe('one list of migrations for both store engines', () => {
  it('keeps the names each engine has recorded in its stores', async () => {
    expect(Object.keys(await storeMigrations('sqlite').getMigrations())).toEqual([
      '0001_accounts_keys_usage',
      '0002_usage_journal',
      '0003_people_sessions_plans',
      '0004_sso_connections',
      '0005_billing',
      '0006_no_plan_since',
      '0007_sla',
    ]);
    expect(Object.keys(await storeMigrations('postgres').getMigrations())).toEqual([
      '0001_accounts_keys_usage_people',
      '0002_sso_connections',
      '0003_billing',
      '0004_no_plan_since',
      '0005_sla',
    ]);
  });

  it('gives a new SQLite store the schema its own migrations gave it, to the column order and constraint', async () => {
    expect(await sqliteSchemaAfter(migrationsUpTo('sqlite', MERGED_AT.sqlite), join(work, 'fresh.sqlite'))).toBe(
      readFileSync(join(SNAPSHOTS, 'sqlite.txt'), 'utf8'),
    );
  });

  it('and a new PostgreSQL database', async () => {
    expect(await postgresSchemaAfter(migrationsUpTo('postgres', MERGED_AT.postgres), pg.createDatabase('fresh'))).toBe(
      readFileSync(join(SNAPSHOTS, 'postgres.txt'), 'utf8'),
    );
  }, 60_000);
});

// Before 0006/0004 an account without a paid plan was its last tier with `plan_ends_at` at the time the plan ended;
// the migration stores it as itself (`no_plan_since`) and leaves `plan_ends_at` to a plan that serves until a time.
const OLD_ROWS = [
  "INSERT INTO accounts (id, name, tier, rate, monthly_quota, created_at, plan_ends_at) VALUES (1, 'ada', 'standard', 10, 100000, 100, 1000)",
  "INSERT INTO accounts (id, name, tier, rate, monthly_quota, created_at, plan_ends_at) VALUES (2, 'bob', 'pro', 50, 1000000, 100, 9000)",
  "INSERT INTO accounts (id, name, tier, rate, monthly_quota, created_at, plan_ends_at) VALUES (3, 'cat', 'pro', 50, 1000000, 100, 2000)",
  "INSERT INTO accounts (id, name, tier, rate, monthly_quota, created_at, plan_ends_at) VALUES (4, 'dan', 'enterprise', 500, 50000000, 100, NULL)",
  // ada signed up without a plan; bob is past due (a grace to 9000); cat canceled Pro at 2000; dan is the operator's.
  "INSERT INTO plan_changes (account_id, tier, rate, monthly_quota, at, by_person_id, approved_by, ends_at) VALUES (1, 'none', 10, 100000, 1000, NULL, 'sign-up', 1000)",
  "INSERT INTO plan_changes (account_id, tier, rate, monthly_quota, at, by_person_id, approved_by, ends_at) VALUES (2, 'standard', 10, 100000, 100, NULL, 'sign-up', NULL)",
  "INSERT INTO plan_changes (account_id, tier, rate, monthly_quota, at, by_person_id, approved_by, ends_at) VALUES (2, 'pro', 50, 1000000, 500, NULL, 'stripe:evt_1', 9000)",
  "INSERT INTO plan_changes (account_id, tier, rate, monthly_quota, at, by_person_id, approved_by, ends_at) VALUES (3, 'pro', 50, 1000000, 100, NULL, 'stripe:evt_2', NULL)",
  "INSERT INTO plan_changes (account_id, tier, rate, monthly_quota, at, by_person_id, approved_by, ends_at) VALUES (3, 'none', 50, 1000000, 2000, NULL, 'stripe:evt_3', 2000)",
];

/** The plans of the old rows as this release reads them. */
async function expectUpgradedPlans(store: Store): Promise<void> {
  try {
    expect(await store.accounts.findAccountByName('ada')).toMatchObject({
      tier: 'standard',
      rate: 10,
      planEndsAt: null,
      noPlanSince: 1000,
    });
    expect(await store.accounts.findAccountByName('bob')).toMatchObject({
      tier: 'pro',
      planEndsAt: 9000,
      noPlanSince: null,
    });
    expect(await store.accounts.findAccountByName('cat')).toMatchObject({
      tier: 'pro',
      rate: 50,
      planEndsAt: null,
      noPlanSince: 2000,
    });
    expect(await store.accounts.findAccountByName('dan')).toMatchObject({
      tier: 'enterprise',
      planEndsAt: null,
      noPlanSince: null,
    });
  } finally {
    await store.close();
  }
}

/** Each old account's `plan_ends_at` after the new migration was rolled back. */
const ROLLED_BACK = [
  { name: 'ada', plan_ends_at: 1000 },
  { name: 'bob', plan_ends_at: 9000 },
  { name: 'cat', plan_ends_at: 2000 },
  { name: 'dan', plan_ends_at: null },
];

describe('"no plan" stored as itself', () => {
  it("upgrades a SQLite store's old representation, and rolls back to it", async () => {
    const file = join(work, 'no-plan.sqlite');
    await sqliteSchemaAfter(migrationsUpTo('sqlite', MERGED_AT.sqlite), file);
    const sqlite = new Database(file);
    for (const statement of OLD_ROWS) sqlite.exec(statement);
    sqlite.close();
    await expectUpgradedPlans(await openSqliteStore(file));
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(file) }) });
    const { error } = await new Migrator({ db, provider: storeMigrations('sqlite') }).migrateTo(MERGED_AT.sqlite);
    await db.destroy();
    expect(error).toBeUndefined();
    const read = new Database(file, { readonly: true });
    expect(read.prepare('SELECT name, plan_ends_at FROM accounts ORDER BY id').all()).toEqual(ROLLED_BACK);
    read.close();
  });

  it("and a PostgreSQL database's", async () => {
    const url = pg.createDatabase('no_plan');
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: postgresPool(url, 1) }) });
    const { error } = await migrateStore(db, migrationsUpTo('postgres', MERGED_AT.postgres));
    await db.destroy();
    expect(error).toBeUndefined();
    for (const statement of OLD_ROWS) psql(url, statement);
    await expectUpgradedPlans(await openPostgresStore(url, { poolSize: 1 }));
    const down = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: postgresPool(url, 1) }) });
    expect(
      (await new Migrator({ db: down, provider: storeMigrations('postgres') }).migrateTo(MERGED_AT.postgres)).error,
    ).toBeUndefined();
    await down.destroy();
    expect(
      psql(
        url,
        "SELECT string_agg(name || '=' || coalesce(plan_ends_at::text, 'null'), ',' ORDER BY id) FROM accounts",
      ),
    ).toBe(ROLLED_BACK.map((a) => `${a.name}=${a.plan_ends_at ?? 'null'}`).join(','));
  }, 60_000);
});
