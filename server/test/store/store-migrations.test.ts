import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../../test/infra/postgres-server.js';
import type { MigrationProvider } from 'kysely';
import { storeMigrations, type StoreEngine } from '../../src/store/store-migrations.js';
import { postgresSchemaAfter, sqliteSchemaAfter } from './store-schema-dump.js';

// What each engine's own migrations made before they became one list (recorded from them).
const SNAPSHOTS = new URL('../fixtures/store-schema/', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'ussynth-migrations-'));
let pg: TestPostgres;

// The steps the snapshots were recorded from; later steps (the SLA's, issue 38) only add tables, checked elsewhere.
const SNAPSHOT_STEPS: Record<StoreEngine, string[]> = {
  sqlite: ['0001_accounts_keys_usage', '0002_usage_journal', '0003_people_sessions_plans', '0004_sso_connections', '0005_billing'],
  postgres: ['0001_accounts_keys_usage_people', '0002_sso_connections', '0003_billing'],
};

/** The engine's migrations up to the snapshot's last step. */
function snapshotMigrations(engine: StoreEngine): MigrationProvider {
  return {
    async getMigrations() {
      const all = await storeMigrations(engine).getMigrations();
      return Object.fromEntries(Object.entries(all).filter(([name]) => SNAPSHOT_STEPS[engine].includes(name)));
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
    expect(Object.keys(await storeMigrations('sqlite').getMigrations())).toEqual([...SNAPSHOT_STEPS.sqlite, '0006_sla']);
    expect(Object.keys(await storeMigrations('postgres').getMigrations())).toEqual([...SNAPSHOT_STEPS.postgres, '0004_sla']);
  });

  it('gives a new SQLite store the schema its own migrations gave it, to the column order and constraint', async () => {
    expect(await sqliteSchemaAfter(snapshotMigrations('sqlite'), join(work, 'fresh.sqlite'))).toBe(readFileSync(join(SNAPSHOTS, 'sqlite.txt'), 'utf8'));
  });

  it('and a new PostgreSQL database', async () => {
    expect(await postgresSchemaAfter(snapshotMigrations('postgres'), pg.createDatabase('fresh'))).toBe(readFileSync(join(SNAPSHOTS, 'postgres.txt'), 'utf8'));
  }, 60_000);
});
