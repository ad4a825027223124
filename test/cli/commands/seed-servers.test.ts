// `ussynth seed`, the real binary, into a real PostgreSQL and a real MariaDB on loopback (test/infra): the CRM tables
// read and filled beside rows already there, the example schema file created and filled (the rows of a SQLite run of
// the same seed), SIGINT mid-load leaving nothing, and a refused password (exit 69) printed nowhere.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMariadb, type TestMariadb } from '../../infra/mariadb-server.js';
import { startPostgres, type TestPostgres } from '../../infra/postgres-server.js';
import { until } from '../../load/load-test-helpers.js';
import {
  openSeedTestDb,
  orphanCount,
  rowCount,
  type SeedTestDb,
  tableNames,
  writeBigSeedSchema,
} from '../../seed/seed-test-db.js';
import { finished, runBinary, startBinary } from '../run-binary.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const EXAMPLE = join(ROOT, 'docs/examples/crm.seed.json');
const EXAMPLE_TABLES = ['accounts', 'companies', 'contacts', 'households', 'people'];
const fixture = (name: string): string => readFileSync(join(ROOT, 'test/fixtures/crm-schema', name), 'utf8');

let scratch: string;
let postgres: TestPostgres;
let mariadb: TestMariadb;
let databases = 0;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'ussynth-seed-servers-'));
  [postgres, mariadb] = await Promise.all([startPostgres({ passwordLogins: true }), startMariadb()]);
}, 180_000);

afterAll(async () => {
  postgres?.destroy();
  await mariadb?.destroy();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

type Dialect = 'postgres' | 'mysql';

/** Opens a fresh database, runs `body` on it, and closes the test's connection whatever happens. */
async function withDb(dialect: Dialect, body: (db: SeedTestDb) => Promise<void>): Promise<void> {
  const db = await openSeedTestDb({ scratch, postgres, mariadb }, dialect, `seed${++databases}`);
  try {
    await body(db);
  } finally {
    await db.close();
  }
}

/** The PRIMARY KEY and FOREIGN KEY constraints of the schema, as `table PRIMARY KEY` lines, sorted. */
async function keyConstraints(db: SeedTestDb): Promise<string[]> {
  const schema = db.dialect === 'postgres' ? "'public'" : 'DATABASE()';
  const rows = await db.all(
    `SELECT table_name AS t, constraint_type AS c FROM information_schema.table_constraints
     WHERE table_schema = ${schema} AND constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY')`,
  );
  return rows.map((r) => `${r.t} ${r.c}`).sort();
}

/** Rows with every value as text (drivers differ: bigint as string, numbers, dates), sorted by the first column. */
function asText(rows: Record<string, unknown>[]): string[][] {
  return rows
    .map((row) => Object.values(row).map((v) => (v === null ? 'NULL' : String(v))))
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

const CRM_REFERENCES = [
  ['contacts', 'company_id', 'companies'],
  ['people', 'household_id', 'households'],
  ['accounts', 'person_id', 'people'],
  ['accounts', 'referred_by', 'accounts'],
  ['addresses', 'person_id', 'people'],
] as const;

/** Three companies of the test's own, EINs of prefix 00 (which the IRS never assigns, so no generated EIN is one). */
const EXISTING_COMPANIES = [
  ['00000000-0000-4000-8000-000000000001', 'Existing One', '00-0000001', '2020-01-02 03:04:05'],
  ['00000000-0000-4000-8000-000000000002', 'Existing Two', '00-0000002', '2020-02-03 04:05:06'],
  ['00000000-0000-4000-8000-000000000003', 'Existing Three', '00-0000003', '2020-03-04 05:06:07'],
];

const existingCompanies = (db: SeedTestDb): Promise<Record<string, unknown>[]> =>
  db.all(
    `SELECT id, name, ein, website, phone, industry, employee_count, founded_on, created_at FROM companies
     WHERE ein LIKE '00-%' ORDER BY id`,
  );

const SEED_ARGS = ['--tables', 'all', '--count', '20', '--count', 'contacts=1-3', '--seed', '7'];

describe.each(['postgres', 'mysql'] as const)('ussynth seed --tables all --to %s://', (dialect) => {
  it('fills the CRM tables beside the companies already there: counts, every reference resolving, --dry-run the plan', async () => {
    await withDb(dialect, async (db) => {
      await db.exec(fixture(dialect === 'postgres' ? 'postgres.sql' : 'mysql.sql'));
      for (const [id, name, ein, created] of EXISTING_COMPANIES)
        await db.exec(
          `INSERT INTO companies (id, name, ein, created_at) VALUES ('${id}', '${name}', '${ein}', '${created}')`,
        );
      const before = await existingCompanies(db);
      expect(before.length).toBe(3);

      const dry = await runBinary(['seed', ...SEED_ARGS, '--to', db.url, '--dry-run']);
      expect(dry.status, dry.stderr).toBe(0);
      const plan = dry.stdout.toString('utf8');
      expect(plan).toContain(fixture('plan.txt'));
      expect(await rowCount(db, 'companies')).toBe(3);

      const run = await runBinary(['seed', ...SEED_ARGS, '--to', db.url]);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/^loaded 20 rows into companies, \d+ rows into contacts, 20 rows into households/);

      expect(await rowCount(db, 'companies')).toBe(23);
      expect(await rowCount(db, 'households')).toBe(20);
      const contacts = Number(/(\d+) rows into contacts/.exec(run.stderr)![1]);
      expect(await rowCount(db, 'contacts')).toBe(contacts);
      // contacts=1-3: between one and three for each seeded company, none for the companies that were there.
      const perCompany = await db.all(
        "SELECT c.company_id AS id, count(*) AS n FROM contacts c JOIN companies p ON p.id = c.company_id WHERE p.ein NOT LIKE '00-%' GROUP BY c.company_id",
      );
      expect(perCompany.length).toBe(20);
      expect(perCompany.every((r) => Number(r.n) >= 1 && Number(r.n) <= 3)).toBe(true);
      expect(perCompany.reduce((sum, r) => sum + Number(r.n), 0)).toBe(contacts);
      for (const table of ['people', 'accounts', 'addresses']) {
        const n = await rowCount(db, table);
        expect(n, table).toBeGreaterThan(0);
        expect(run.stderr, table).toContain(`${n} rows into ${table}`);
      }
      for (const [child, column, parent] of CRM_REFERENCES)
        expect(await orphanCount(db, child, column, parent), `${child}.${column}`).toBe(0);
      expect(await existingCompanies(db)).toEqual(before);
    });
  }, 120_000);
});

describe.each(['postgres', 'mysql'] as const)('ussynth seed --schema crm.seed.json --to %s://', (dialect) => {
  it('creates the tables with their keys and fills them with the rows of a SQLite run of the same seed', async () => {
    const file = join(scratch, `${dialect}-same.db`);
    const sqliteRun = await runBinary(['seed', '--schema', EXAMPLE, '--to', `sqlite:${file}`, '--seed', '11']);
    expect(sqliteRun.status, sqliteRun.stderr).toBe(0);
    const sqlite = new Database(file, { readonly: true });
    const sqliteAll = (sql: string) => sqlite.prepare(sql).all() as Record<string, unknown>[];
    await withDb(dialect, async (db) => {
      const run = await runBinary(['seed', '--schema', EXAMPLE, '--to', db.url, '--seed', '11']);
      expect(run.status, run.stderr).toBe(0);
      expect(await tableNames(db)).toEqual(EXAMPLE_TABLES);
      expect(await keyConstraints(db)).toEqual([
        'accounts FOREIGN KEY',
        'accounts PRIMARY KEY',
        'companies PRIMARY KEY',
        'contacts FOREIGN KEY',
        'contacts PRIMARY KEY',
        'households PRIMARY KEY',
        'people FOREIGN KEY',
        'people PRIMARY KEY',
      ]);
      for (const table of EXAMPLE_TABLES) {
        const [{ n }] = sqliteAll(`SELECT count(*) AS n FROM "${table}"`);
        expect(await rowCount(db, table), table).toBe(n);
      }
      for (const sql of [
        'SELECT id, name, ein, state FROM companies',
        'SELECT id, company_id, email, phone FROM contacts',
        'SELECT id, street, zip FROM households',
        'SELECT id, household_id, first_name, birth_date FROM people',
        'SELECT id, person_id, status, opened_on FROM accounts',
      ])
        expect(asText(await db.all(sql)), sql).toEqual(asText(sqliteAll(sql)));
    });
    sqlite.close();
  }, 120_000);
});

describe.each(['postgres', 'mysql'] as const)('ussynth seed --to %s:// interrupted', (dialect) => {
  it('SIGINT mid-load exits 130 and leaves no table and no row', async () => {
    const schema = writeBigSeedSchema(join(scratch, `${dialect}-big.seed.json`));
    await withDb(dialect, async (db) => {
      const child = startBinary(['seed', '--schema', schema, '--to', db.url, '--seed', '1']);
      const result = finished(child);
      // Rows going in, seen from the server: COPY's progress, or the LOAD DATA of the big table running (its rows,
      // uncommitted, are counted by no view MariaDB keeps per statement), then half a second more of it.
      const loading =
        dialect === 'postgres'
          ? "SELECT 1 FROM pg_stat_progress_copy WHERE datname = current_database() AND command = 'COPY FROM' AND tuples_processed > 10000"
          : "SELECT 1 FROM information_schema.processlist WHERE db = DATABASE() AND info LIKE 'LOAD DATA % INTO TABLE `big`%'";
      await until(async () => (await db.all(loading)).length > 0, 60_000, 'rows to go in');
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (dialect === 'mysql') {
        // A server slower than the rows are made: paused, it reads nothing, the CLI's socket fills and the CLI waits
        // for it to drain (as under any load heavier than the server keeps up with); SIGINT has to end that wait.
        process.kill(mariadb.pid, 'SIGSTOP');
        try {
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          child.kill('SIGINT');
          await new Promise((resolve) => setTimeout(resolve, 500));
        } finally {
          process.kill(mariadb.pid, 'SIGCONT');
        }
      } else child.kill('SIGINT');
      const { status, signal, stderr } = await result;
      expect(stderr, `status ${status}, signal ${signal}`).toMatch(
        /ussynth: interrupted by SIGINT; nothing was written \(rolled back\)/,
      );
      expect(status).toBe(130);
      expect(await tableNames(db)).toEqual([]);
    });
  }, 120_000);
});

describe('a password the server refuses', () => {
  const secret = 'Wr0ng-pw-never-printed';

  it.each(['postgres', 'mysql'] as const)(
    '%s: exit 69, the login refused, the password in no output',
    async (dialect) => {
      await withDb(dialect, async (db) => {
        if (dialect === 'postgres')
          await db.exec(
            "CREATE ROLE password_login NOLOGIN; CREATE ROLE seeder LOGIN PASSWORD 'the-right-one' IN ROLE password_login",
          );
        else mariadb.sql("CREATE USER 'seeder'@'%' IDENTIFIED BY 'the-right-one'; GRANT ALL ON *.* TO 'seeder'@'%'");
        const url = new URL(db.url);
        url.username = 'seeder';
        url.password = secret;
        for (const args of [
          ['--schema', EXAMPLE],
          ['--tables', 'all'],
        ]) {
          const run = await runBinary(['seed', ...args, '--to', url.href, '--seed', '1']);
          expect(run.status, run.stderr).toBe(69);
          expect(run.stderr).toContain(`${dialect}://seeder:***@127.0.0.1:`);
          expect(run.stderr).not.toContain(secret);
          expect(run.stdout.toString('utf8')).not.toContain(secret);
        }
        expect(await tableNames(db)).toEqual([]);
      });
    },
    120_000,
  );
});
