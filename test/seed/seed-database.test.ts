import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator } from '../../src/index.js';
import { LoadError } from '../../src/load/load-error.js';
import { openPostgresLoader } from '../../src/load/postgres-loader.js';
import { RecordRandom } from '../../src/random/record-random.js';
import { streamKey } from '../../src/random/stream-key.js';
import { timestampText, type SeedValue } from '../../src/seed/generic-values.js';
import { PgBinaryRows, type PgBinaryKind } from '../../src/seed/pg-binary-rows.js';
import { pgBinaryKinds } from '../../src/seed/seed-binary-kinds.js';
import { seedCopyText } from '../../src/seed/seed-value-text.js';
import { parseLoadTarget } from '../../src/load/load-target.js';
import type { SqlDialect } from '../../src/records/columns/sql-dialect.js';
import { schemaTableSql } from '../../src/seed/schema-ddl.js';
import { jsonLocator, parseSchemaJson, planSchemaFile } from '../../src/seed/schema-file-plan.js';
import { readDatabaseSchema, readExistingKeys, runSeedLoad, type SeedLoadPlan } from '../../src/seed/seed-database.js';
import { buildSeedPlan } from '../../src/seed/seed-plan.js';
import { type ExistingKeys, SeedRows, type SeedTableRun } from '../../src/seed/seed-rows.js';
import { freePort } from '../infra/free-port.js';
import { startMariadb, type TestMariadb } from '../infra/mariadb-server.js';
import { startPostgres, type TestPostgres } from '../infra/postgres-server.js';
import { openSeedTestDb, orphanCount, rowCount, type SeedTestDb, tableNames } from './seed-test-db.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../fixtures/crm-schema/${name}`, import.meta.url), 'utf8');
const exampleText = readFileSync(new URL('../../docs/examples/crm.seed.json', import.meta.url), 'utf8');
const example = planSchemaFile(
  parseSchemaJson(exampleText, 'crm.seed.json'),
  jsonLocator('crm.seed.json', exampleText),
).tables;
const generatorFor = (seed: string) => createGenerator({ seed });

let scratch: string;
let postgres: TestPostgres;
let mariadb: TestMariadb;
let databases = 0;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'ussynth-seed-db-'));
  [postgres, mariadb] = await Promise.all([startPostgres(), startMariadb()]);
}, 180_000);

afterAll(async () => {
  postgres?.destroy();
  await mariadb?.destroy();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const freshDb = (dialect: SqlDialect): Promise<SeedTestDb> =>
  openSeedTestDb({ scratch, postgres, mariadb }, dialect, `seed${++databases}`);

/** The example schema file's seed into `db`: its CREATE TABLEs, its rows of `seed`. */
function exampleSeed(db: SeedTestDb, seed: string, changes: Partial<SeedLoadPlan> = {}): SeedLoadPlan {
  const plans = new Map(example.map((t) => [t.table, t]));
  const create = new Map(example.map((t) => [t.table, schemaTableSql(db.dialect, t, plans)]));
  return {
    target: parseLoadTarget(db.url),
    rows: new SeedRows({ seed, tables: example, generatorFor }),
    tables: example,
    create,
    mode: 'create',
    ...changes,
  };
}

async function loadError(run: Promise<unknown>): Promise<LoadError> {
  try {
    await run;
  } catch (error) {
    if (error instanceof LoadError) return error;
    throw error;
  }
  throw new Error('the seed did not fail');
}

const EXAMPLE_REFERENCES: readonly [string, string, string, string][] = [
  ['contacts', 'company_id', 'companies', 'id'],
  ['people', 'household_id', 'households', 'id'],
  ['accounts', 'person_id', 'people', 'id'],
];

// SQLite through better-sqlite3 enforces foreign keys (its default); the test's own connection turns them on too.
describe.each(['sqlite', 'postgres', 'mysql'] as const)('runSeedLoad into %s', (dialect) => {
  it('creates and fills the example schema file in one run: its counts, and every reference resolves', async () => {
    const db = await freshDb(dialect);
    try {
      const plan = exampleSeed(db, '42');
      const progress: number[] = [];
      const loaded = await runSeedLoad({ ...plan, onProgress: (rows) => progress.push(rows) });
      expect([...loaded.keys()]).toEqual(example.map((t) => t.table));
      for (const table of example) {
        expect(loaded.get(table.table)).toBe(plan.rows.rowCount(table.table));
        expect(await rowCount(db, table.table)).toBe(plan.rows.rowCount(table.table));
      }
      expect(loaded.get('companies')).toBe(50);
      expect(progress.at(-1)).toBe([...loaded.values()].reduce((a, b) => a + b, 0));
      for (const [child, column, parent, key] of EXAMPLE_REFERENCES)
        expect(await orphanCount(db, child, column, parent, key)).toBe(0);
      // The tables keep their keys (PostgreSQL adds them after the rows): primary keys, and the foreign keys enforced.
      const schema = await readDatabaseSchema(plan.target);
      for (const [child, column, parent, key] of EXAMPLE_REFERENCES) {
        expect(schema.tables.find((t) => t.name === child)?.foreignKeys).toContainEqual({
          columns: [column],
          refTable: parent,
          refColumns: [key],
        });
        expect(schema.tables.find((t) => t.name === parent)?.columns.find((c) => c.name === key)?.primaryKey).toBe(
          true,
        );
      }
      await expect(
        db.exec(
          `INSERT INTO accounts (id, person_id, status, balance, opened_on) VALUES (0, '00000000-0000-4000-8000-000000000000', 'open', 1, '2024-01-01')`,
        ),
      ).rejects.toThrow();
      // The values arrive as written: NULLs, booleans, decimals, timestamps.
      const [row] = await db.all(
        `SELECT count(*) AS n, sum(CASE WHEN phone IS NULL THEN 1 ELSE 0 END) AS nulls FROM contacts`,
      );
      expect(Number(row.nulls)).toBeGreaterThan(0);
      expect(Number(row.nulls)).toBeLessThan(Number(row.n));
      const first = plan.rows.rows('accounts', 0, 1)[0];
      const columns = plan.rows.columns('accounts').map((c) => c.name);
      const [account] = await db.all(
        `SELECT balance, opened_on FROM accounts WHERE id = ${first[columns.indexOf('id')] as number}`,
      );
      expect(Number(account.balance).toFixed(2)).toBe(first[columns.indexOf('balance')]);
      expect(account.opened_on).toBe(first[columns.indexOf('opened_on')]);
      const actives = await db.all(
        `SELECT count(*) AS n FROM contacts WHERE is_active = ${dialect === 'postgres' ? 'true' : '1'}`,
      );
      expect(Number(actives[0].n)).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  });

  it('refuses tables that exist in create mode (nothing changed), replaces with truncate, and rolls back an append whose keys clash', async () => {
    const db = await freshDb(dialect);
    try {
      const once = await runSeedLoad(exampleSeed(db, '42'));
      const refused = await loadError(runSeedLoad(exampleSeed(db, '42')));
      expect(refused.code).toBe('table_exists');
      expect(refused.message).toContain('table companies already exists');
      for (const [table, rows] of once) expect(await rowCount(db, table)).toBe(rows);

      await runSeedLoad(exampleSeed(db, '42', { mode: 'truncate' }));
      for (const [table, rows] of once) expect(await rowCount(db, table)).toBe(rows);

      // Another seed appended: its UUID keys differ, but the accounts' sequence keys (1, 2, 3 ...) clash with the
      // first run's, so the whole run is rolled back, the tables before accounts included.
      const clash = await loadError(runSeedLoad(exampleSeed(db, '43', { mode: 'append' })));
      expect(clash.code).toBe('load_failed');
      expect(clash.message).toMatch(/loading accounts in .*(duplicate|Duplicate|UNIQUE)/);
      for (const [table, rows] of once) expect(await rowCount(db, table)).toBe(rows);
    } finally {
      await db.close();
    }
  });

  it('leaves no row and no table when a row is refused mid-load (a CHECK on the last table)', async () => {
    const db = await freshDb(dialect);
    try {
      const plan = exampleSeed(db, '42');
      const create = new Map(plan.create);
      create.set('accounts', create.get('accounts')!.replace(/\n\)$/, ',\n  CHECK (balance < 0)\n)'));
      const error = await loadError(runSeedLoad({ ...plan, create }));
      expect(error.code).toBe('load_failed');
      expect(error.message).toContain('loading accounts in');
      expect(await tableNames(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('leaves nothing when aborted mid-load, after rows went in', async () => {
    const db = await freshDb(dialect);
    try {
      const controller = new AbortController();
      const plan = exampleSeed(db, '42', { signal: controller.signal });
      let seen = 0;
      const error = await loadError(
        runSeedLoad({
          ...plan,
          onProgress: (rows) => {
            seen = rows;
            controller.abort(new Error('SIGINT'));
          },
        }),
      );
      expect(seen).toBeGreaterThan(0);
      expect(error.code).toBe('aborted');
      expect(error.message).toContain('SIGINT');
      expect(await tableNames(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('fills the CRM fixture tables from their introspected plan, referencing existing companies and keys the database fills', async () => {
    const db = await freshDb(dialect);
    try {
      await db.exec(fixture(`${dialect}.sql`).replace(/--[^\n]*\n/g, ''));
      const existing = ['0b9c6ad1-1cc4-4f44-9d5e-3c1f1d1d0001', '0b9c6ad1-1cc4-4f44-9d5e-3c1f1d1d0002'];
      for (const [i, id] of existing.entries())
        await db.exec(
          `INSERT INTO companies (id, name, ein, created_at) VALUES ('${id}', 'Existing ${i}', '12-345678${i}', '2024-01-01 00:00:00')`,
        );
      const target = parseLoadTarget(db.url);
      const schema = await readDatabaseSchema(target);
      expect(schema.tables.map((t) => t.name)).toEqual([
        'accounts',
        'addresses',
        'companies',
        'contacts',
        'households',
        'people',
      ]);
      const seeded = buildSeedPlan(schema, {
        tables: ['contacts', 'households', 'people', 'accounts', 'addresses'],
        // A child's e-mail is empty text, which a UNIQUE column takes once.
        set: { 'people.email': 'null' },
      });
      const counts: Record<string, SeedTableRun['count']> = {
        contacts: 12,
        households: 8,
        people: undefined,
        accounts: { per: 'people', min: 0, max: 2 },
        addresses: 10,
      };
      const tables: SeedTableRun[] = seeded.tables.map((t) => ({
        ...t,
        count: counts[t.table],
        primaryKey: schema.tables.find((s) => s.name === t.table)?.columns.find((c) => c.primaryKey)?.name,
      }));
      const existingKeys: ExistingKeys = await readExistingKeys(target, tables);
      expect([...existingKeys('companies', 'id')].map(String)).toEqual(existing);
      const rows = new SeedRows({ seed: '7', tables, generatorFor, existingKeys });
      const loaded = await runSeedLoad({ target, rows, tables, mode: 'append' });
      expect(loaded.get('contacts')).toBe(12);
      expect(loaded.get('households')).toBe(8);
      for (const table of tables) expect(await rowCount(db, table.table)).toBe(loaded.get(table.table));
      expect(await rowCount(db, 'companies')).toBe(2);
      const companyIds = (await db.all('SELECT DISTINCT company_id AS id FROM contacts')).map((r) => String(r.id));
      expect(companyIds.every((id) => existing.includes(id))).toBe(true);
      for (const [child, column, parent] of [
        ['contacts', 'company_id', 'companies'],
        ['people', 'household_id', 'households'],
        ['accounts', 'person_id', 'people'],
        ['addresses', 'person_id', 'people'],
      ])
        expect(await orphanCount(db, child, column, parent, 'id')).toBe(0);
      // Each household's people: the database's keys were read back, so the sizes SeedRows laid out hold.
      const sizes = await db.all('SELECT household_id, count(*) AS n FROM people GROUP BY household_id');
      expect(sizes.length).toBe(8);
      expect(sizes.reduce((sum, r) => sum + Number(r.n), 0)).toBe(loaded.get('people'));

      // A second run appends: the keys read back are the new rows' only.
      const again = new SeedRows({ seed: '8', tables, generatorFor, existingKeys });
      const more = await runSeedLoad({ target, rows: again, tables, mode: 'append' });
      expect(await rowCount(db, 'people')).toBe((loaded.get('people') ?? 0) + (more.get('people') ?? 0));
      const grouped = await db.all('SELECT household_id, count(*) AS n FROM people GROUP BY household_id');
      expect(grouped.length).toBe(16);
    } finally {
      await db.close();
    }
  });

  it('rolls back every table when a later table refuses a row of an existing-table run', async () => {
    const db = await freshDb(dialect);
    try {
      await db.exec(fixture(`${dialect}.sql`).replace(/--[^\n]*\n/g, ''));
      await db.exec(
        "INSERT INTO households (address1, city, state, zip_code) VALUES ('1 Main St', 'Dover', 'DE', '19901')",
      );
      const target = parseLoadTarget(db.url);
      const schema = await readDatabaseSchema(target);
      const seeded = buildSeedPlan(schema, {
        tables: ['companies', 'contacts'],
        set: { 'contacts.email': 'const:same@example.com' },
      });
      const tables: SeedTableRun[] = seeded.tables.map((t) => ({
        ...t,
        count: t.table === 'companies' ? 5 : { per: 'companies', min: 2, max: 2 },
        primaryKey: 'id',
      }));
      // A unique e-mail of every contact is one constant: the second row clashes.
      await db.exec('CREATE UNIQUE INDEX contacts_email ON contacts (email)');
      const rows = new SeedRows({ seed: '1', tables, generatorFor });
      const error = await loadError(runSeedLoad({ target, rows, tables, mode: 'append' }));
      expect(error.code).toBe('load_failed');
      expect(await rowCount(db, 'companies')).toBe(0);
      expect(await rowCount(db, 'contacts')).toBe(0);
      expect(await rowCount(db, 'households')).toBe(1);
      expect(await tableNames(db)).toContain('contacts');
    } finally {
      await db.close();
    }
  });
});

describe('runSeedLoad into postgres, the keys built while the next table is made', () => {
  it('reports a key that fails while the next table loads on its own table, and leaves no row and no table', async () => {
    const db = await freshDb('postgres');
    try {
      // Companies keyed by their state, which 50 companies repeat: the ALTER TABLE adding that key fails once the
      // companies rows are in, while contacts' rows are being made.
      const plan = exampleSeed(db, '42');
      const create = new Map(plan.create);
      create.set('companies', create.get('companies')!.replace('PRIMARY KEY ("id")', 'PRIMARY KEY ("state")'));
      const error = await loadError(runSeedLoad({ ...plan, create }));
      expect(error.code).toBe('load_failed');
      expect(error.message).toMatch(/loading companies in .*companies_pkey/);
      expect(await tableNames(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe('runSeedLoad into postgres, the order of the tables', () => {
  /** The tables in the order their primary keys were built (an index's OID counts up as they are made). */
  const keysBuilt = async (db: SeedTestDb): Promise<string[]> =>
    (
      await db.all(
        `SELECT t.relname AS name FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
         WHERE i.indisprimary AND t.relnamespace = 'public'::regnamespace ORDER BY i.indexrelid`,
      )
    ).map((row) => String(row.name));

  it('loads the tables of generic columns first and those of records last when the run creates them all', async () => {
    const db = await freshDb('postgres');
    try {
      const loaded = await runSeedLoad(exampleSeed(db, '42'));
      // accounts (generic columns) before the record tables, which keep the plan's order; the summary keeps it too.
      expect(await keysBuilt(db)).toEqual(['accounts', 'companies', 'contacts', 'households', 'people']);
      expect([...loaded.keys()]).toEqual(example.map((t) => t.table));
      for (const [child, column, parent, key] of EXAMPLE_REFERENCES)
        expect(await orphanCount(db, child, column, parent, key)).toBe(0);
    } finally {
      await db.close();
    }
  });
});

describe('runSeedLoad into postgres, binary COPY', () => {
  /** A row of every binary kind: n, id, name, code, amount, wide, ratio, active, on_day, at, local_at. */
  const KINDS: PgBinaryKind[] = [
    'int8',
    'uuid',
    'text',
    'text',
    'numeric',
    'numeric',
    'float8',
    'bool',
    'date',
    'timestamp',
    'timestamp',
  ];
  const TABLE = `(n bigint, id uuid, name text, code varchar(8), amount numeric(18, 2), wide numeric, ratio double precision,
    active boolean, on_day date, at timestamptz, local_at timestamp)`;

  /** Edge values, then rows of random values from a seeded stream (so a failure can be reproduced). */
  function testRows(): SeedValue[][] {
    const rows: SeedValue[][] = [
      [
        0,
        '3F0C9A1E-52B4-8D07-9E61-0C4D2B7A8F13',
        'Peña 😀 née',
        'AB',
        '-12.50',
        '0.0001',
        '0.1',
        true,
        '1999-12-31',
        '1999-12-31T23:59:59Z',
        '2024-02-29T12:00:00Z',
      ],
      [
        1,
        null,
        '',
        null,
        '0.00',
        '123456789012345.678',
        25000,
        false,
        '2000-01-01',
        '2000-01-01T00:00:00Z',
        '1970-01-01 00:00:00',
      ],
      [
        2,
        '00000000-0000-4000-8000-000000000000',
        'tab\there \\N',
        'x',
        '-0.05',
        '-10000',
        -1.5,
        null,
        null,
        null,
        null,
      ],
      [3, null, null, null, null, '-0.00', '1e-7', null, '9999-12-31', '1900-03-01T00:00:00Z', '2100-12-31T23:59:59Z'],
      [-9007199254740991, null, 'z', null, '9999999999999999.99', '10000.0000', 0, true, '1000-01-01', null, null],
    ];
    const random = new RecordRandom(streamKey('binary copy'));
    const below = (n: number) => random.nextUint32() % n;
    for (let n = 10; n < 2010; n++) {
      const scale = below(7);
      const digits = String(below(10 ** 9)) + String(below(10 ** 6));
      const decimal =
        (below(2) ? '-' : '') +
        (scale === 0 ? digits : `${digits.slice(0, -scale) || '0'}.${digits.slice(-scale).padStart(scale, '0')}`);
      const seconds = below(2 ** 32) - 2 ** 31;
      rows.push([
        n * (below(2) ? 1 : -1),
        [0, 1, 2, 3]
          .map(() => random.nextUint32().toString(16).padStart(8, '0'))
          .join('')
          .replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-'),
        String.fromCharCode(...Array.from({ length: below(20) }, () => 32 + below(0x2000))),
        below(2) ? null : String(below(10 ** 8)),
        `${below(2) ? '-' : ''}${below(10 ** 9)}.${String(below(100)).padStart(2, '0')}`,
        decimal,
        decimal,
        below(2) === 1,
        timestampText(seconds).slice(0, 10),
        timestampText(seconds),
        timestampText(seconds).replace('T', ' ').replace('Z', ''),
      ]);
    }
    return rows;
  }

  it('writes every kind as COPY text does: the same rows read back, value for value', async () => {
    const loader = await openPostgresLoader(parseLoadTarget(postgres.createDatabase('binarycopy')));
    try {
      await loader.begin();
      await loader.execute(`CREATE TABLE as_text ${TABLE}`);
      await loader.execute(`CREATE TABLE as_binary ${TABLE}`);
      const rows = testRows();
      const columns = ['n', 'id', 'name', 'code', 'amount', 'wide', 'ratio', 'active', 'on_day', 'at', 'local_at'].map(
        (name) => ({ name, field: name, type: 'text' as const }),
      );
      const text = new TextEncoder().encode(
        seedCopyText(
          'postgres',
          rows,
          KINDS.map(() => false),
        ),
      );
      await loader.bulk(
        'as_text',
        columns,
        (async function* () {
          yield { records: rows.length, bytes: text };
        })(),
      );
      const tuples = new PgBinaryRows(KINDS, new Uint8Array(64));
      tuples.write(rows);
      await loader.bulk(
        'as_binary',
        columns,
        (async function* () {
          yield { records: rows.length, bytes: tuples.bytes() };
        })(),
        true,
      );
      const read = async (table: string) =>
        (await loader.query(`SELECT t::text AS row FROM ${table} t ORDER BY n`)).map((r) => r.row as string);
      const fromText = await read('as_text');
      expect(fromText).toHaveLength(rows.length);
      expect(await read('as_binary')).toEqual(fromText);
      await loader.rollback();
    } finally {
      await loader.close();
    }
  });

  it('takes the tables of the example schema file whose every column has a binary kind in binary', async () => {
    const db = await freshDb('postgres');
    try {
      const plan = exampleSeed(db, '42');
      await runSeedLoad(plan);
      const loader = await openPostgresLoader(plan.target);
      const ruleOf = (table: string, column: string) =>
        example.find((t) => t.table === table)?.columns.find((c) => c.column === column)?.rule;
      const binary: string[] = [];
      for (const table of example) {
        const types = new Map((await loader.describe(table.table))!.map((c) => [c.name, c.type]));
        if (pgBinaryKinds(plan.rows.columns(table.table), (column) => types.get(column), ruleOf))
          binary.push(table.table);
      }
      await loader.close();
      // people's birth_date is a record field into a DATE: its table goes in COPY text.
      expect(binary).toEqual(['companies', 'contacts', 'households', 'accounts']);
    } finally {
      await db.close();
    }
  });
});

describe('reading a database for a seed', () => {
  it('refuses a SQLite file that does not exist, without creating it', async () => {
    const path = join(scratch, 'missing.db');
    const error = await loadError(readDatabaseSchema(parseLoadTarget(`sqlite:${path}`)));
    expect(error.code).toBe('unavailable');
    expect(error.message).toContain(path);
    expect(() => readFileSync(path)).toThrow();
  });

  it('never shows the password of a server it cannot reach', async () => {
    const port = await freePort();
    const target = parseLoadTarget(`postgres://app:Hunter2-secret@127.0.0.1:${port}/crm`);
    const error = await loadError(readDatabaseSchema(target));
    expect(error.code).toBe('unavailable');
    expect(error.message).toContain('postgres://app:***@127.0.0.1');
    expect(error.message).not.toContain('Hunter2-secret');
    const refused = await loadError(
      runSeedLoad({
        target,
        rows: new SeedRows({ seed: '1', tables: example, generatorFor }),
        tables: example,
        mode: 'append',
      }),
    );
    expect(refused.code).toBe('unavailable');
    expect(refused.message).not.toContain('Hunter2-secret');
  });

  it('reads no keys, and connects to nothing, when every referenced table is seeded', async () => {
    const port = await freePort();
    const keys = await readExistingKeys(parseLoadTarget(`postgres://app@127.0.0.1:${port}/none`), example);
    expect(keys('companies', 'id')).toEqual([]);
  });

  it('writes by shards the same tables and rows as one run: the first shard creates the tables, the second adds to them', async () => {
    const whole = await freshDb('sqlite');
    const sharded = await freshDb('sqlite');
    try {
      await runSeedLoad(exampleSeed(whole, '5'));
      const parts = [0, 1].map((index) => exampleSeed(sharded, '5', { shard: { index, count: 2 } }));
      const first = await runSeedLoad(parts[0]);
      const second = await runSeedLoad(parts[1]);
      for (const table of example) {
        expect((first.get(table.table) ?? 0) + (second.get(table.table) ?? 0)).toBe(await rowCount(whole, table.table));
        const all = (db: SeedTestDb) => db.all(`SELECT * FROM "${table.table}" ORDER BY 1`);
        expect(await all(sharded)).toEqual(await all(whole));
      }
      expect(first.get('companies')).toBeGreaterThan(0);
      expect(second.get('companies')).toBeGreaterThan(0);
    } finally {
      await whole.close();
      await sharded.close();
    }
  });

  it('inserts rows of a table whose every column the database fills, and gives their keys to the children', async () => {
    const db = await freshDb('sqlite');
    try {
      await db.exec(
        'CREATE TABLE batches (id INTEGER PRIMARY KEY); CREATE TABLE items (id INTEGER PRIMARY KEY, batch_id INTEGER NOT NULL REFERENCES batches (id), qty INTEGER NOT NULL)',
      );
      await db.exec('INSERT INTO batches DEFAULT VALUES; INSERT INTO batches DEFAULT VALUES');
      const target = parseLoadTarget(db.url);
      const plan = buildSeedPlan(await readDatabaseSchema(target), { set: { 'items.qty': 'int:1..9' } });
      const tables: SeedTableRun[] = plan.tables.map((t) => ({
        ...t,
        count: t.table === 'batches' ? 3 : { per: 'batches', min: 2, max: 2 },
        primaryKey: 'id',
      }));
      const rows = new SeedRows({ seed: '3', tables, generatorFor });
      const loaded = await runSeedLoad({ target, rows, tables, mode: 'append' });
      expect(Object.fromEntries(loaded)).toEqual({ batches: 3, items: 6 });
      const perBatch = await db.all('SELECT batch_id, count(*) AS n FROM items GROUP BY batch_id ORDER BY batch_id');
      expect(perBatch).toEqual([
        { batch_id: 3, n: 2 },
        { batch_id: 4, n: 2 },
        { batch_id: 5, n: 2 },
      ]);
    } finally {
      await db.close();
    }
  });

  it("refuses truncate with a shard: each shard would empty the others' rows", async () => {
    const db = await freshDb('sqlite');
    try {
      const error = await loadError(
        runSeedLoad(exampleSeed(db, '1', { mode: 'truncate', shard: { index: 0, count: 2 } })),
      );
      expect(error.code).toBe('invalid_load_option');
      expect(await tableNames(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
