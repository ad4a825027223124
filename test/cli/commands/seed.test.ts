// `ussynth seed`, the real binary: the example schema file into real SQLite files (foreign keys enforced) and into
// files on disk in every format, existing tables read and filled, --dry-run, --shard, and the refusals that leave
// nothing written; the password of --to in no output.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../../load/load-test-helpers.js';
import { writeBigSeedSchema } from '../../seed/seed-test-db.js';
import { finished, runBinary, startBinary } from '../run-binary.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-seed-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const EXAMPLE = join(ROOT, 'docs/examples/crm.seed.json');
const TABLES = ['companies', 'contacts', 'households', 'people', 'accounts'];
let serial = 0;
const path = (name: string): string => join(scratch, `${serial++}-${name}`);

function query(file: string, sql: string): Record<string, unknown>[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

const tableRows = (file: string, table: string): Record<string, unknown>[] =>
  query(file, `SELECT * FROM "${table}" ORDER BY rowid`);

/** The row counts `--dry-run` prints, by table. */
function dryRunCounts(stdout: string): Record<string, number> {
  return Object.fromEntries([...stdout.matchAll(/^-- {3}(\S+)\s+(\d+) rows?/gm)].map((m) => [m[1], Number(m[2])]));
}

async function duckdb(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe('ussynth seed --schema FILE --to sqlite:', () => {
  it('creates and fills the example tables in one file: the counts of --dry-run, every reference resolving', async () => {
    const db = path('crm.db');
    const dry = await runBinary(['seed', '--schema', EXAMPLE, '--to', `sqlite:${db}`, '--seed', '42', '--dry-run']);
    expect(dry.status).toBe(0);
    expect(existsSync(db)).toBe(false);
    const counts = dryRunCounts(dry.stdout.toString('utf8'));
    expect(Object.keys(counts)).toEqual(TABLES);
    expect(counts.companies).toBe(50);
    expect(counts.households).toBe(200);
    const run = await runBinary(['seed', '--schema', EXAMPLE, '--to', `sqlite:${db}`, '--seed', '42']);
    expect(run.stderr).toMatch(/^loaded 50 rows into companies, \d+ rows into contacts, 200 rows into households/);
    expect(run.status).toBe(0);
    for (const table of TABLES) expect(tableRows(db, table).length, table).toBe(counts[table]);
    expect(query(db, 'PRAGMA foreign_key_check')).toEqual([]);
    for (const [child, column, parent] of [
      ['contacts', 'company_id', 'companies'],
      ['people', 'household_id', 'households'],
      ['accounts', 'person_id', 'people'],
    ])
      expect(
        query(db, `SELECT c.id FROM ${child} c LEFT JOIN ${parent} p ON p.id = c.${column} WHERE p.id IS NULL`),
      ).toEqual([]);
    // Contacts per company and accounts per person within the file's ranges; e-mails at the company's domain.
    const perCompany = query(db, 'SELECT COUNT(*) AS n FROM contacts GROUP BY company_id').map((r) => r.n as number);
    expect(perCompany.length).toBe(50);
    expect(Math.min(...perCompany)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...perCompany)).toBeLessThanOrEqual(5);
    const domains = query(db, 'SELECT c.email, p.website FROM contacts c JOIN companies p ON p.id = c.company_id');
    for (const { email, website } of domains)
      expect(String(website)).toContain(
        String(email)
          .split('@')[1]
          .replace(/^www\./, ''),
      );
    // The same file and seed give the same rows in another file.
    const again = path('again.db');
    expect((await runBinary(['seed', '--schema', EXAMPLE, '--to', `sqlite:${again}`, '--seed', '42'])).status).toBe(0);
    for (const table of TABLES) expect(tableRows(again, table)).toEqual(tableRows(db, table));
  });

  it('refuses a second run into the same tables (nothing changed), then --append adds and --truncate replaces', async () => {
    const db = path('twice.db');
    expect((await runBinary(['seed', '--schema', EXAMPLE, '--to', `sqlite:${db}`, '--seed', 'a'])).status).toBe(0);
    const before = tableRows(db, 'accounts');
    const refused = await runBinary(['seed', '--schema', EXAMPLE, '--to', `sqlite:${db}`, '--seed', 'b']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/table companies already exists in sqlite:.*--append .*--truncate/);
    expect(tableRows(db, 'accounts')).toEqual(before);
    const truncated = await runBinary([
      'seed',
      '--schema',
      EXAMPLE,
      '--to',
      `sqlite:${db}`,
      '--seed',
      'a',
      '--truncate',
    ]);
    expect(truncated.status).toBe(0);
    expect(tableRows(db, 'accounts')).toEqual(before);
  });

  it('--shard K/N into one file: the shards loaded one after the other give the whole run', async () => {
    const whole = path('whole.db');
    expect((await runBinary(['seed', '--schema', EXAMPLE, '--to', `sqlite:${whole}`, '--seed', 'sh'])).status).toBe(0);
    const sharded = path('sharded.db');
    for (const k of [1, 0]) {
      const run = await runBinary([
        'seed',
        '--schema',
        EXAMPLE,
        '--to',
        `sqlite:${sharded}`,
        '--seed',
        'sh',
        '--shard',
        `${k}/2`,
      ]);
      expect(run.status, run.stderr).toBe(0);
    }
    const byKey = (file: string, table: string) => query(file, `SELECT * FROM "${table}" ORDER BY id`);
    for (const table of TABLES) expect(byKey(sharded, table), table).toEqual(byKey(whole, table));
  });

  it('--dry-run prints the plan, the counts and the CREATE TABLEs of the --to dialect, and writes nothing', async () => {
    const db = path('dry.db');
    const dry = await runBinary(['seed', '--schema', EXAMPLE, '--to', `sqlite:${db}`, '--seed', '42', '--dry-run']);
    const text = dry.stdout.toString('utf8');
    expect(text).toMatch(/^-- dry run: nothing is written and nothing connected\. Would seed into sqlite:/);
    expect(text).toMatch(/^contacts \(employee records\)$/m);
    expect(text).toMatch(/^ {2}company_id +-> companies\.id +named in the schema file$/m);
    expect(text).toMatch(/^ {2}phone +employee\.phone \?0\.2 /m);
    expect(text).toContain('CREATE TABLE "accounts" (\n  "id" INTEGER NOT NULL,');
    expect(text).toContain('  FOREIGN KEY ("person_id") REFERENCES "people" ("id")\n);');
    expect(existsSync(db)).toBe(false);
    const mysql = await runBinary(['seed', '--schema', EXAMPLE, '--to', 'mysql://app@127.0.0.1:1/x', '--dry-run']);
    expect(mysql.status).toBe(0);
    expect(mysql.stdout.toString('utf8')).toContain('CREATE TABLE `companies` (\n  `id` CHAR(36) NOT NULL,');
    expect(mysql.stderr).toMatch(/^seed: \S+\n$/);
  });

  it('a TypeScript schema file importing defineSchema from the package', async () => {
    const project = path('ts-project');
    mkdirSync(join(project, 'node_modules'), { recursive: true });
    symlinkSync(ROOT, join(project, 'node_modules', 'ussynth'));
    const file = join(project, 'shop.seed.ts');
    writeFileSync(
      file,
      `import { defineSchema } from 'ussynth';

const customers: number = 12;

export default defineSchema({
  tables: {
    customers: { kind: 'person', count: customers, columns: { id: 'uuid', name: 'name', email: 'email', state: 'state' } },
    orders: {
      kind: 'plain',
      count: { per: 'customers', min: 2, max: 2 },
      columns: { id: 'sequence', customer_id: '-> customers.id', total: 'decimal:1.00..500.00', placed_on: 'date:2024-01-01..2024-12-31' },
    },
  },
});
`,
    );
    const db = path('shop.db');
    const run = await runBinary(['seed', '--schema', file, '--to', `sqlite:${db}`, '--seed', 's']);
    expect(run.stderr).toMatch(/^loaded 12 rows into customers, 24 rows into orders/);
    expect(run.status).toBe(0);
    expect(query(db, 'SELECT COUNT(DISTINCT customer_id) AS n FROM orders')).toEqual([{ n: 12 }]);
    expect(query(db, 'SELECT MIN(total) >= 1 AND MAX(total) <= 500 AS ok FROM orders')).toEqual([{ ok: 1 }]);
  });

  it('a bad schema file is refused naming the file and line, exit 2, and no database file is made', async () => {
    const file = path('bad.seed.json');
    writeFileSync(
      file,
      '{\n  "tables": {\n    "companies": {\n      "kind": "company",\n      "count": 3,\n      "columns": { "id": "id", "name": "firstName" }\n    }\n  }\n}\n',
    );
    const db = path('bad.db');
    const run = await runBinary(['seed', '--schema', file, '--to', `sqlite:${db}`, '--seed', '1']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      `ussynth: ${file}:6: table companies, column name: "firstName" is not a field of company records`,
    );
    expect(existsSync(db)).toBe(false);
    const broken = path('broken.seed.json');
    writeFileSync(broken, '{ "tables": {\n  "a": { "kind": "plain" "count": 1 }\n} }\n');
    const syntax = await runBinary(['seed', '--schema', broken, '--out', path('none'), '--format', 'csv']);
    expect(syntax.status).toBe(2);
    expect(syntax.stderr).toContain(`${broken}:2:`);
    expect(syntax.stderr).toContain('the schema file is not valid JSON');
    // A module's syntax error: the line, from Node's own check (JavaScript) or its type stripping (TypeScript).
    const js = path('syntax.seed.mjs');
    writeFileSync(js, 'export default {\n  tables: {\n    a: ,\n  },\n};\n');
    const ts = path('syntax.seed.ts');
    writeFileSync(ts, 'const n: number = 1;\nexport default {\n  tables: { a: n,, },\n};\n');
    for (const file of [js, ts]) {
      const run = await runBinary(['seed', '--schema', file, '--out', path('none'), '--format', 'csv']);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`ussynth: ${file}: the schema file does not load: line 3: \\S`));
    }
  });
});

describe('ussynth seed --out DIR --format F', () => {
  it('writes one file per table, each format holding the rows the database gets', async () => {
    const db = path('same.db');
    expect((await runBinary(['seed', '--schema', EXAMPLE, '--to', `sqlite:${db}`, '--seed', '9'])).status).toBe(0);
    const dirs: Record<string, string> = {};
    for (const format of ['csv', 'ndjson', 'sql', 'parquet']) {
      dirs[format] = path(format);
      const args = ['seed', '--schema', EXAMPLE, '--out', dirs[format], '--format', format, '--seed', '9'];
      const run = await runBinary(format === 'sql' ? [...args, '--dialect', 'sqlite'] : args);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toContain(`wrote ${join(dirs[format], `companies.${format}`)} (50 rows)`);
      expect(readdirSync(dirs[format]).sort()).toEqual(TABLES.map((t) => `${t}.${format}`).sort());
    }
    // NDJSON: the values the database holds (booleans as SQLite's 1/0, NULLs as null; a decimal is its text, which
    // SQLite's NUMERIC column keeps as a number).
    for (const table of TABLES) {
      const lines = readFileSync(join(dirs.ndjson, `${table}.ndjson`), 'utf8')
        .trimEnd()
        .split('\n');
      const rows = lines.map((line) =>
        Object.fromEntries(
          Object.entries(JSON.parse(line) as Record<string, unknown>).map(([k, v]) => [
            k,
            typeof v === 'boolean' || k === 'balance' ? Number(v) : v,
          ]),
        ),
      );
      expect(rows, table).toEqual(tableRows(db, table));
    }
    // CSV: a header, then each row; NULL an empty field.
    const csv = readFileSync(join(dirs.csv, 'contacts.csv'), 'utf8').trimEnd().split('\n');
    const contacts = tableRows(db, 'contacts');
    expect(csv[0]).toBe('id,company_id,first_name,last_name,email,phone,title,is_active');
    expect(csv.length - 1).toBe(contacts.length);
    expect(csv[1].split(',')[4]).toBe(contacts[0].email);
    expect(contacts.some((c) => c.phone === null)).toBe(true);
    // SQL (sqlite dialect): the files run in insert order into an empty database give the same tables.
    const fromSql = path('from-sql.db');
    const target = new Database(fromSql);
    target.pragma('foreign_keys = ON');
    for (const table of TABLES) target.exec(readFileSync(join(dirs.sql, `${table}.sql`), 'utf8'));
    target.close();
    for (const table of TABLES) expect(tableRows(fromSql, table), table).toEqual(tableRows(db, table));
    // Parquet: read back by DuckDB, the same rows.
    const accounts = await duckdb(
      `SELECT id, person_id, status, balance, strftime(opened_on, '%Y-%m-%d') AS opened_on FROM read_parquet('${join(dirs.parquet, 'accounts.parquet')}') ORDER BY id`,
    );
    expect(accounts.map((r) => ({ ...r, id: Number(r.id), balance: Number(r.balance) }))).toEqual(
      tableRows(db, 'accounts'),
    );
  });

  it('--shard K/N: the shards files, concatenated in order (the head once), are the whole run', async () => {
    const whole = path('whole');
    expect(
      (await runBinary(['seed', '--schema', EXAMPLE, '--out', whole, '--format', 'csv', '--seed', 'k'])).status,
    ).toBe(0);
    const parts: string[] = [];
    for (const k of [0, 1, 2]) {
      parts.push(path(`shard-${k}`));
      const run = await runBinary([
        'seed',
        ...['--schema', EXAMPLE, '--out', parts[k], '--format', 'csv', '--seed', 'k', '--shard', `${k}/3`],
      ]);
      expect(run.status, run.stderr).toBe(0);
    }
    for (const table of TABLES) {
      const joined = parts.map((dir) => readFileSync(join(dir, `${table}.csv`), 'utf8')).join('');
      expect(joined, table).toBe(readFileSync(join(whole, `${table}.csv`), 'utf8'));
    }
  });

  it('refuses a folder that has one of the files already: nothing written, the file untouched', async () => {
    const dir = path('taken');
    mkdirSync(dir);
    writeFileSync(join(dir, 'people.ndjson'), 'mine\n');
    writeFileSync(join(dir, 'notes.txt'), 'other\n');
    const run = await runBinary(['seed', '--schema', EXAMPLE, '--out', dir, '--format', 'ndjson', '--seed', '1']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`ussynth: --out ${dir}: ${join(dir, 'people.ndjson')} exists already`);
    expect(readdirSync(dir).sort()).toEqual(['notes.txt', 'people.ndjson']);
    expect(readFileSync(join(dir, 'people.ndjson'), 'utf8')).toBe('mine\n');
  });

  it('SIGINT while the files are written leaves none of them, exit 130', async () => {
    const schema = writeBigSeedSchema(path('big.seed.json'));
    const dir = path('interrupted');
    const child = startBinary(['seed', '--schema', schema, '--out', dir, '--format', 'csv', '--seed', '1']);
    await until(() => existsSync(dir) && readdirSync(dir).some((name) => name.startsWith('.big.csv.')), 60_000);
    child.kill('SIGINT');
    const result = await finished(child);
    expect(result.stderr).toMatch(/ussynth: interrupted by SIGINT; no file was written/);
    expect(result.status).toBe(130);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('ussynth seed --to sqlite: interrupted', () => {
  it('SIGINT mid-load rolls back: no table the run created is left, exit 130', async () => {
    const schema = writeBigSeedSchema(path('big-load.seed.json'));
    const db = path('interrupted.db');
    const child = startBinary(['seed', '--schema', schema, '--to', `sqlite:${db}`, '--seed', '1']);
    // The rollback journal (or WAL) exists while the transaction is open and rows are going in.
    await until(() => existsSync(`${db}-journal`) || existsSync(`${db}-wal`), 60_000, 'the load to start');
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGINT');
    const result = await finished(child);
    expect(result.stderr).toMatch(/ussynth: interrupted by SIGINT; nothing was written \(rolled back\)/);
    expect(result.status).toBe(130);
    expect(query(db, "SELECT name FROM sqlite_schema WHERE type = 'table'")).toEqual([]);
  });
});

describe('ussynth seed --tables --to sqlite:', () => {
  function crmDatabase(): string {
    const file = path('existing.db');
    const db = new Database(file);
    db.exec(readFileSync(join(ROOT, 'test/fixtures/crm-schema/sqlite.sql'), 'utf8'));
    db.close();
    return file;
  }

  it('--dry-run reads the tables and prints their plan and counts; unfillable columns and unknown tables are refused', async () => {
    const file = crmDatabase();
    const dry = await runBinary(['seed', '--tables', 'all', '--to', `sqlite:${file}`, '--dry-run']);
    expect(dry.status).toBe(0);
    const plan = readFileSync(join(ROOT, 'test/fixtures/crm-schema/plan.txt'), 'utf8');
    expect(dry.stdout.toString('utf8')).toContain(plan);
    expect(dryRunCounts(dry.stdout.toString('utf8'))).toMatchObject({ companies: 100, contacts: 100 });
    expect(query(file, 'SELECT COUNT(*) AS n FROM companies')).toEqual([{ n: 0 }]);
    const db = new Database(file);
    db.exec('CREATE TABLE widgets (id INTEGER PRIMARY KEY, spec BLOB NOT NULL, size GEOMETRY NOT NULL)');
    db.close();
    const unfillable = await runBinary(['seed', '--tables', 'companies,widgets', '--to', `sqlite:${file}`]);
    expect(unfillable.status).toBe(2);
    expect(unfillable.stderr).toContain(
      'ussynth: 2 NOT NULL columns without a default that no field or rule fits: widgets.spec (blob), widgets.size (geometry); name a rule for each with --set TABLE.COLUMN=RULE or in the schema file, such as: --set widgets.spec=const:VALUE --set widgets.size=const:VALUE\n',
    );
    expect(query(file, 'SELECT COUNT(*) AS n FROM companies')).toEqual([{ n: 0 }]);
    // The suggestion, pasted as it is, makes a run that works.
    const suggested = /such as: (.*)$/m.exec(unfillable.stderr)![1].split(' ');
    const pasted = await runBinary([
      'seed',
      '--tables',
      'widgets',
      '--count',
      '3',
      '--to',
      `sqlite:${file}`,
      ...suggested,
    ]);
    expect(pasted.stderr).toContain('loaded 3 rows into widgets');
    expect(pasted.status).toBe(0);
    expect(query(file, 'SELECT spec, size FROM widgets ORDER BY id')).toEqual(
      Array.from({ length: 3 }, () => ({ spec: 'VALUE', size: 'VALUE' })),
    );
    const missing = await runBinary(['seed', '--tables', 'companies,leads', '--to', `sqlite:${file}`]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no table "leads" in the database');
  });

  it('fills the tables named, referencing the existing rows of a parent not seeded; existing rows unchanged', async () => {
    const file = crmDatabase();
    const first = await runBinary([
      'seed',
      ...['--tables', 'companies', '--to', `sqlite:${file}`, '--count', '4', '--seed', 'x'],
    ]);
    expect(first.status, first.stderr).toBe(0);
    const companies = tableRows(file, 'companies');
    expect(companies.length).toBe(4);
    const contacts = await runBinary([
      'seed',
      ...['--tables', 'contacts', '--to', `sqlite:${file}`, '--count', '30', '--seed', 'x'],
      ...['--set', 'contacts.notes=const:seeded'],
    ]);
    expect(contacts.status, contacts.stderr).toBe(0);
    expect(contacts.stderr).toMatch(/^loaded 30 rows into contacts/);
    expect(tableRows(file, 'companies')).toEqual(companies);
    const referenced = query(file, 'SELECT DISTINCT company_id AS id FROM contacts').map((r) => r.id);
    expect(referenced.every((id) => companies.some((c) => c.id === id))).toBe(true);
    expect(query(file, "SELECT COUNT(*) AS n FROM contacts WHERE notes = 'seeded'")).toEqual([{ n: 30 }]);
  });

  it('--count TABLE=MIN-MAX per row of its seeded parent; a member table takes its households sizes', async () => {
    const file = crmDatabase();
    const run = await runBinary([
      'seed',
      ...['--tables', 'companies,contacts,households,people', '--to', `sqlite:${file}`, '--seed', 'y'],
      ...['--count', '6', '--count', 'contacts=2-3'],
      // people.email is UNIQUE, and the members of a household may share an e-mail address.
      ...['--set', 'people.email=null'],
    ]);
    expect(run.status, run.stderr).toBe(0);
    const perCompany = query(file, 'SELECT COUNT(*) AS n FROM contacts GROUP BY company_id').map((r) => r.n as number);
    expect(perCompany.length).toBe(6);
    expect(perCompany.every((n) => n >= 2 && n <= 3)).toBe(true);
    expect(query(file, 'SELECT COUNT(*) AS n FROM households')).toEqual([{ n: 6 }]);
    const people = query(file, 'SELECT COUNT(*) AS n FROM people')[0].n as number;
    expect(people).toBeGreaterThanOrEqual(6);
    expect(query(file, 'PRAGMA foreign_key_check')).toEqual([]);
    const range = await runBinary([
      'seed',
      '--tables',
      'companies',
      '--to',
      `sqlite:${file}`,
      '--count',
      'companies=1-2',
    ]);
    expect(range.status).toBe(2);
    expect(range.stderr).toContain('a range is per row of a parent, and companies has no NOT NULL reference');
    const members = await runBinary([
      'seed',
      ...['--tables', 'households,people', '--to', `sqlite:${file}`, '--count', 'people=1-2'],
    ]);
    expect(members.status).toBe(2);
    expect(members.stderr).toContain('--count people=...: people holds the people of its households (households)');
  });
});

describe('the password of --to', () => {
  it('is in no output: a refused connection, a bad plan, and --to env:NAME', async () => {
    const secret = 'pw-Zq81-never-shown';
    const url = `postgres://app:${secret}@127.0.0.1:1/crm`;
    const refused = await runBinary(['seed', '--tables', 'all', '--to', url, '--seed', '1']);
    expect(refused.status).toBe(69);
    expect(refused.stderr).toContain('postgres://app:***@127.0.0.1:1/crm');
    expect(refused.stderr).toContain('the password in --to is on the command line');
    const schema = await runBinary([
      'seed',
      '--schema',
      EXAMPLE,
      '--to',
      url.replace('postgres', 'mysql'),
      '--seed',
      '1',
    ]);
    expect(schema.status).toBe(69);
    const viaEnv = await runBinary(['seed', '--schema', EXAMPLE, '--to', 'env:SEED_DB', '--seed', '1'], {
      env: { ...process.env, SEED_DB: url },
    });
    expect(viaEnv.status).toBe(69);
    expect(viaEnv.stderr).not.toContain('on the command line');
    const dry = await runBinary(['seed', '--schema', EXAMPLE, '--to', url, '--dry-run', '--seed', '1']);
    expect(dry.status).toBe(0);
    for (const run of [refused, schema, viaEnv, dry]) {
      expect(run.stderr).not.toContain(secret);
      expect(run.stdout.toString('utf8')).not.toContain(secret);
    }
  });
});

describe('README.md, "Seed a database"', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('## Seed a database'),
    readme.indexOf('\n## ', readme.indexOf('## Seed a database') + 1),
  );

  it('runs the example schema file into SQLite and prints what it says', async () => {
    const command = /^npx ussynth (seed .+)$/m.exec(section)![1].split(' ');
    const printed = /^# (loaded .+) in [\d.]+ s$/m.exec(section)![1];
    const db = path('readme.db');
    const args = command.map((arg) => (arg === 'sqlite:crm.db' ? `sqlite:${db}` : arg));
    expect(args).toContain(`sqlite:${db}`);
    const run = await runBinary(args, { cwd: ROOT });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(new RegExp(`^${printed} in [\\d.]+ s\n$`));
    const sql = /^sqlite3 crm\.db "(.+)"$/m.exec(section)![1];
    expect(query(db, sql).length).toBe(3);
  });

  it('its TypeScript schema file runs', async () => {
    const project = path('readme-ts');
    mkdirSync(join(project, 'node_modules'), { recursive: true });
    symlinkSync(ROOT, join(project, 'node_modules', 'ussynth'));
    const file = join(project, 'crm.seed.ts');
    writeFileSync(file, /```ts\n([\s\S]+?)```/.exec(section)![1]);
    const db = path('readme-ts.db');
    const run = await runBinary(['seed', '--schema', file, '--to', `sqlite:${db}`, '--seed', '42']);
    expect(run.status, run.stderr).toBe(0);
    expect(query(db, 'SELECT COUNT(*) AS n FROM companies')).toEqual([{ n: 100 }]);
    expect(query(db, 'PRAGMA foreign_key_check')).toEqual([]);
  });
});
