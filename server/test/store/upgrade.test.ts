import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { psql, startPostgres, type TestPostgres } from '../../../test/infra/postgres-server.js';
import { calendarMonth } from '../../src/limits/calendar-month.js';
import { clientSecretContext, openSecret } from '../../src/sso/secret-box.js';
import { migrateStore } from '../../src/store/migrate-store.js';
import { postgresPool } from '../../src/store/postgres/postgres-pool.js';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.js';
import { storeMigrations } from '../../src/store/store-migrations.js';
import { Database } from '../../src/store/sqlite/sqlite-driver.js';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';
import { killServers, runServerCommand, serve } from '../serve-process.js';

// Stores written by release 0.2.0 (server/test/fixtures/store-0.2.0, made by its own binary: make-fixtures.ts),
// opened by this release: the data stays intact, and the rules of docs/deploy.md's "Upgrades" hold: migrations
// run once, in a transaction each; an instance keeps working on a schema a newer release expanded.
const FIXTURES = new URL('../fixtures/store-0.2.0/', import.meta.url).pathname;
const fixture = JSON.parse(readFileSync(join(FIXTURES, 'fixture.json'), 'utf8')) as {
  secretKey: string;
  publicUrl: string;
  sso: { issuer: string; clientId: string; clientSecret: string; audience: string; domains: string[] };
  person: { email: string; password: string };
  usage: { acme: number };
  sqlite: {
    keys: Record<'acme' | 'acmeRevoked' | 'bigco', string>;
    keyIds: Record<'acme' | 'acmeRevoked' | 'bigco', string>;
  };
  postgres: {
    keys: Record<'acme' | 'acmeRevoked' | 'bigco', string>;
    keyIds: Record<'acme' | 'acmeRevoked' | 'bigco', string>;
  };
};
// The month the fixtures' usage was recorded in.
const FIXTURE_MONTH = '2026-11';
const PG_RESTORE = '/usr/lib/postgresql/15/bin/pg_restore';
const postgresMigrations = storeMigrations('postgres');
const sqliteMigrations = storeMigrations('sqlite');

let pg: TestPostgres;
const work = mkdtempSync(join(tmpdir(), 'ussynth-upgrade-'));
let databases = 0;

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);

afterAll(() => {
  killServers();
  pg?.destroy();
  rmSync(work, { recursive: true, force: true });
});

/** A copy of the 0.2.0 SQLite store. */
function sqliteCopy(): string {
  const dir = mkdtempSync(join(work, 'sqlite-'));
  copyFileSync(join(FIXTURES, 'store.sqlite'), join(dir, 'store.sqlite'));
  return join(dir, 'store.sqlite');
}

/** A new database restored from the 0.2.0 dump with pg_restore. */
function postgresCopy(): string {
  const url = pg.createDatabase(`upgrade_${++databases}`);
  execFileSync(PG_RESTORE, ['--no-owner', '-d', url, join(FIXTURES, 'store.pgdump')]);
  return url;
}

/** The schema, as the tests compare it before and after: every table's columns, and the applied migrations. */
function sqliteSchema(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    return JSON.stringify([
      db.prepare("SELECT name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all(),
      db.prepare('SELECT name FROM kysely_migration ORDER BY name').all(),
    ]);
  } finally {
    db.close();
  }
}
function postgresSchema(url: string): string {
  return (
    psql(
      url,
      "SELECT string_agg(table_name || '.' || column_name || ':' || data_type, ',' ORDER BY table_name, column_name) FROM information_schema.columns WHERE table_schema = 'public'",
    ) +
    '|' +
    psql(url, "SELECT string_agg(name, ',' ORDER BY name) FROM kysely_migration")
  );
}

/** Records of the account in a month. */
function sqliteUsage(file: string, account: string, period: string): number {
  const db = new Database(file, { readonly: true });
  try {
    const row = db
      .prepare('SELECT u.records FROM usage u JOIN accounts a ON a.id = u.account_id WHERE a.name = ? AND u.period = ?')
      .get(account, period) as { records: number } | undefined;
    return row?.records ?? 0;
  } finally {
    db.close();
  }
}
function postgresUsage(url: string, account: string, period: string): number {
  return Number(
    psql(
      url,
      `SELECT coalesce(sum(u.records), 0) FROM usage u JOIN accounts a ON a.id = u.account_id WHERE a.name = '${account}' AND u.period = '${period}'`,
    ),
  );
}

/**
 * Serves the upgraded store with this release's binary and checks everything 0.2.0 put there: keys (a revoked one
 * stays revoked), usage (counting on from where it was), the person's password, the SSO settings and their sealed
 * client secret.
 */
async function expectIntact(
  db: string,
  made: {
    keys: Record<'acme' | 'acmeRevoked' | 'bigco', string>;
    keyIds: Record<'acme' | 'acmeRevoked' | 'bigco', string>;
  },
  usage: (account: string, period: string) => number,
  open: () => Promise<Store>,
): Promise<void> {
  const env = {
    ...process.env,
    USSYNTH_DB: db,
    USSYNTH_SECRET_KEY: fixture.secretKey,
    USSYNTH_PUBLIC_URL: fixture.publicUrl,
    PORT: '0',
    LOG_LEVEL: 'warn',
  };
  const server = await serve({ env }, '--no-dev-key');
  const zip = await fetch(`${server.url}/v1/zip/10001`, { headers: { 'x-api-key': made.keys.acme } });
  expect(zip.status).toBe(200);
  expect((await fetch(`${server.url}/v1/zip/10001`, { headers: { 'x-api-key': made.keys.acmeRevoked } })).status).toBe(
    401,
  );
  const signIn = await fetch(`${server.url}/account/v1/session`, {
    method: 'POST',
    headers: { origin: fixture.publicUrl, 'content-type': 'application/json' },
    body: JSON.stringify(fixture.person),
  });
  expect(signIn.status, await signIn.clone().text()).toBe(200);
  expect(signIn.headers.getSetCookie().join()).toContain('ussynth_session=');
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);

  const now = calendarMonth(Date.now()).period;
  expect(usage('acme', FIXTURE_MONTH)).toBe(fixture.usage.acme + (now === FIXTURE_MONTH ? 1 : 0));
  if (now !== FIXTURE_MONTH) expect(usage('acme', now)).toBe(1);

  const shown = runServerCommand({ env }, 'accounts', 'sso', 'show', 'bigco', '--json');
  expect(shown.status, shown.stderr).toBe(0);
  expect(JSON.parse(shown.stdout)).toMatchObject({
    issuer: fixture.sso.issuer,
    clientId: fixture.sso.clientId,
    audience: fixture.sso.audience,
    domains: fixture.sso.domains,
  });
  const store = await open();
  try {
    const key = (await store.findKey(made.keyIds.bigco))!;
    const connection = (await store.sso.find(key.accountId))!;
    expect(
      openSecret(
        Buffer.from(fixture.secretKey, 'base64'),
        clientSecretContext(key.accountId),
        connection.sealedClientSecret,
      ),
    ).toBe(fixture.sso.clientSecret);
  } finally {
    await store.close();
  }
}

describe('upgrading from 0.2.0', () => {
  it('a SQLite store file keeps its accounts, keys, usage, people and SSO settings', async () => {
    const file = sqliteCopy();
    await expectIntact(
      file,
      fixture.sqlite,
      (account, period) => sqliteUsage(file, account, period),
      () => openSqliteStore(file, { ownUsage: false }),
    );
  }, 60_000);

  it('a PostgreSQL database restored from its dump keeps them too', async () => {
    const url = postgresCopy();
    await expectIntact(
      url,
      fixture.postgres,
      (account, period) => postgresUsage(url, account, period),
      () => openPostgresStore(url, { poolSize: 1 }),
    );
  }, 60_000);
});

describe('migrations across a fleet', () => {
  it('run once when instances start together (the advisory lock)', async () => {
    const url = pg.createDatabase(`fresh_${++databases}`);
    const stores = await Promise.all(Array.from({ length: 4 }, () => openPostgresStore(url, { poolSize: 1 })));
    await Promise.all(stores.map((store) => store.close()));
    const names = Object.keys(await postgresMigrations.getMigrations());
    expect(psql(url, "SELECT string_agg(name, ',' ORDER BY name) FROM kysely_migration")).toBe(names.sort().join(','));
  }, 60_000);

  // The next release's first step of a rolling upgrade: it adds (a nullable column, a table) and records its migration.
  const expandSql = [
    'ALTER TABLE accounts ADD COLUMN next_release_note text',
    'CREATE TABLE next_release_things (id integer PRIMARY KEY, account_id integer NOT NULL)',
  ];

  it('an instance of this release keeps serving a PostgreSQL schema a newer release expanded', async () => {
    const url = postgresCopy();
    // The newer release ran this release's migrations first, then its own expand.
    await (await openPostgresStore(url, { poolSize: 1 })).close();
    for (const statement of expandSql) psql(url, statement);
    psql(url, "INSERT INTO kysely_migration (name, timestamp) VALUES ('9000_next_release_expand', now()::text)");
    const before = postgresSchema(url);
    await expectIntact(
      url,
      fixture.postgres,
      (account, period) => postgresUsage(url, account, period),
      () => openPostgresStore(url, { poolSize: 1 }),
    );
    expect(postgresSchema(url)).toBe(before);
  }, 60_000);

  it('and a SQLite one', async () => {
    const file = sqliteCopy();
    await (await openSqliteStore(file, { ownUsage: false })).close();
    const db = new Database(file);
    for (const statement of expandSql) db.exec(statement);
    db.prepare("INSERT INTO kysely_migration (name, timestamp) VALUES ('9000_next_release_expand', ?)").run(
      new Date().toISOString(),
    );
    db.close();
    const before = sqliteSchema(file);
    await expectIntact(
      file,
      fixture.sqlite,
      (account, period) => sqliteUsage(file, account, period),
      () => openSqliteStore(file, { ownUsage: false }),
    );
    expect(sqliteSchema(file)).toBe(before);
  }, 60_000);

  /** This release's migrations and then one that changes the schema and fails half-way. */
  function withBrokenMigration(provider: MigrationProvider): MigrationProvider {
    return {
      async getMigrations() {
        const broken: Migration = {
          async up(db) {
            await db.schema.alterTable('accounts').addColumn('half_done', 'text').execute();
            await sql`SELECT * FROM no_such_table`.execute(db);
          },
        };
        return { ...(await provider.getMigrations()), '9001_broken': broken };
      },
    };
  }

  it('a failed migration leaves a PostgreSQL schema as it was, and the store usable', async () => {
    const url = postgresCopy();
    const before = postgresSchema(url);
    const pool = postgresPool(url, 1);
    // biome-ignore lint/suspicious/noExplicitAny: migrations run on a database of any schema, as Kysely's Migrator takes it
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    const { error, results } = await migrateStore(db, withBrokenMigration(postgresMigrations));
    await db.destroy();
    expect(String(error)).toContain('no_such_table');
    expect(results?.find((r) => r.status === 'Error')?.migrationName).toBe('9001_broken');
    expect(postgresSchema(url)).toBe(before);
    expect(before).not.toContain('half_done');
    expect(postgresUsage(url, 'acme', FIXTURE_MONTH)).toBe(fixture.usage.acme);
  }, 60_000);

  it('and a SQLite schema', async () => {
    const file = sqliteCopy();
    const before = sqliteSchema(file);
    const sqlite = new Database(file);
    // biome-ignore lint/suspicious/noExplicitAny: migrations run on a database of any schema, as Kysely's Migrator takes it
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
    const { error } = await migrateStore(db, withBrokenMigration(sqliteMigrations));
    await db.destroy();
    expect(String(error)).toContain('no_such_table');
    expect(sqliteSchema(file)).toBe(before);
    expect(sqliteUsage(file, 'acme', FIXTURE_MONTH)).toBe(fixture.usage.acme);
  }, 60_000);
});
