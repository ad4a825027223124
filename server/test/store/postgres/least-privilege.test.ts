import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { psql, psqlRun, startPostgres, type TestPostgres } from '../../../../test/infra/postgres-server.js';
import { issueKey } from '../../../src/store/issue-key.js';
import { openPostgresStore } from '../../../src/store/postgres/postgres-store.js';
import { TIER_LIMITS } from '../../../src/store/tiers.js';

// docs/deploy.md's role and grants, run exactly as written, then the store as that role: its migrations apply and
// it serves, and the role can do nothing beyond its own tables.
const doc = readFileSync(new URL('../../../../docs/deploy.md', import.meta.url), 'utf8');
const section = doc.slice(
  doc.indexOf('## PostgreSQL: the database and its role'),
  doc.indexOf('## Environment variables'),
);
const [onPostgres, onDatabase] = [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]);

let pg: TestPostgres;

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);

afterAll(() => pg?.destroy());

describe("docs/deploy.md's least-privilege role", () => {
  it('is enough for the store (migrations included) and no more', async () => {
    expect(onPostgres).toContain('CREATE ROLE ussynth LOGIN');
    expect(onDatabase).toContain('GRANT USAGE, CREATE ON SCHEMA public TO ussynth;');
    // One -c per statement, as psql runs a file: CREATE DATABASE cannot run inside a multi-statement transaction.
    const statements = (sql: string) =>
      sql
        .split(/;\n/)
        .filter((line) => line.trim())
        .flatMap((statement) => ['-c', statement]);
    psqlRun(pg.url('postgres'), statements(onPostgres));
    psqlRun(pg.url('ussynth'), statements(onDatabase));
    // The test server trusts loopback, so the password is not checked; the role's privileges are.
    const url = `postgres://ussynth:change-me@127.0.0.1:${pg.port}/ussynth`;
    const store = await openPostgresStore(url, { poolSize: 2 });
    try {
      const { id } = await issueKey(
        store,
        { name: 'acme', tier: 'standard', ...TIER_LIMITS.standard },
        'live',
        Date.now(),
      );
      expect((await store.findKey(id))?.accountName).toBe('acme');
    } finally {
      await store.close();
    }
    expect(
      psql(pg.url('ussynth'), "SELECT string_agg(DISTINCT tableowner, ',') FROM pg_tables WHERE schemaname = 'public'"),
    ).toBe('ussynth');
    // The test helpers connect as postgres: SET ROLE takes the role's privileges for the rest of the session.
    const asRole = (statement: string) => () => psqlRun(pg.url('ussynth'), ['-c', 'SET ROLE ussynth', '-c', statement]);
    expect(asRole('CREATE DATABASE other')).toThrow(/permission denied to create database/);
    expect(asRole('CREATE ROLE other')).toThrow(/permission denied to create role/);
    expect(asRole('SELECT * FROM pg_authid')).toThrow(/permission denied/);
    // The read role sees the tables the service made later (default privileges), and cannot change them.
    psql(pg.url('postgres'), 'CREATE ROLE backup LOGIN IN ROLE ussynth_read');
    const asBackup = (statement: string) =>
      psqlRun(pg.url('ussynth'), ['-At', '-c', 'SET ROLE backup', '-c', statement]).trim();
    expect(asBackup('SELECT count(*) FROM api_keys')).toBe('1');
    expect(() => asBackup('DELETE FROM api_keys')).toThrow(/permission denied/);
  }, 60_000);
});
