import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planText } from '../../src/seed/plan-text.js';
import { readSqliteSchema } from '../../src/seed/read-sqlite-schema.js';
import { SeedError } from '../../src/seed/seed-error.js';
import { buildSeedPlan } from '../../src/seed/seed-plan.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../fixtures/crm-schema/${name}`, import.meta.url), 'utf8');
const scratch = mkdtempSync(join(tmpdir(), 'ussynth-seed-plan-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let files = 0;
/** A real SQLite file holding these tables, read back through its PRAGMAs. */
function schemaOf(ddl: string) {
  const db = new Database(join(scratch, `db-${files++}.sqlite`));
  try {
    db.exec(ddl);
    return readSqliteSchema(db);
  } finally {
    db.close();
  }
}

function refusal(run: () => unknown): SeedError {
  try {
    run();
  } catch (error) {
    if (error instanceof SeedError) return error;
    throw error;
  }
  throw new Error('the plan was not refused');
}

describe('the seed plan of existing tables (SQLite)', () => {
  it('plans the CRM sample schema as its expected mapping (test/fixtures/crm-schema/plan.txt)', () => {
    expect(planText(buildSeedPlan(schemaOf(fixture('sqlite.sql'))))).toBe(fixture('plan.txt'));
  });

  it('reads columns, keys and references from the PRAGMAs', () => {
    const schema = schemaOf(fixture('sqlite.sql'));
    expect(schema.tables.map((t) => t.name)).toEqual([
      'accounts',
      'addresses',
      'companies',
      'contacts',
      'households',
      'people',
    ]);
    const companies = schema.tables.find((t) => t.name === 'companies')!;
    expect(companies.columns.find((c) => c.name === 'ein')).toMatchObject({
      family: 'text',
      notNull: true,
      unique: true,
      maxLength: 10,
      generated: false,
    });
    const people = schema.tables.find((t) => t.name === 'people')!;
    expect(people.columns[0]).toMatchObject({ name: 'id', primaryKey: true, generated: true });
    expect(people.foreignKeys).toEqual([{ columns: ['household_id'], refTable: 'households', refColumns: ['id'] }]);
  });

  it('inserts parents first, ties by name, and only a subset when asked', () => {
    const plan = buildSeedPlan(schemaOf(fixture('sqlite.sql')), { tables: ['people', 'accounts', 'households'] });
    expect(plan.tables.map((t) => t.table)).toEqual(['households', 'people', 'accounts']);
  });

  it('fills a reference to a table left out from its existing rows', () => {
    const plan = buildSeedPlan(schemaOf(fixture('sqlite.sql')), { tables: ['contacts'] });
    expect(plan.tables[0].columns.find((c) => c.column === 'company_id')?.why).toBe(
      'foreign key to companies.id: one of its existing rows',
    );
  });

  it("takes a date after a parent row's date with --set, and refuses one whose parent is not seeded", () => {
    const schema = schemaOf(fixture('sqlite.sql'));
    const plan = buildSeedPlan(schema, {
      tables: ['accounts', 'people', 'households'],
      set: { 'accounts.opened_date': 'date:after:people.dob+6570..20000' },
    });
    expect(planText(plan)).toContain('opened_date  date:after:people.dob+6570..20000  named with --set');
    const error = refusal(() =>
      buildSeedPlan(schema, { tables: ['accounts'], set: { 'accounts.opened_date': 'date:after:people.dob+0..9' } }),
    );
    expect(error.code).toBe('invalid_rule');
    expect(error.message).toBe(
      '--set accounts.opened_date=date:after:people.dob+0..9 names people, which is not a table being seeded',
    );
  });

  it('takes rules named with --set, with a NULL share', () => {
    const plan = buildSeedPlan(schemaOf(fixture('sqlite.sql')), {
      tables: ['accounts', 'people', 'households'],
      set: { 'accounts.balance': 'decimal:0.00..5000.00?0.25', 'accounts.status': 'pick:open=8,closed=1,frozen=1' },
    });
    const text = planText(plan);
    expect(text).toContain('balance      decimal:0.00..5000.00 ?0.25  named with --set');
    expect(text).toContain('status       pick:open=8,closed,frozen    named with --set');
  });

  it('lists every NOT NULL column it cannot fill, with how to name a rule, and plans nothing', () => {
    const error = refusal(() =>
      buildSeedPlan(
        schemaOf(`CREATE TABLE orders (id INTEGER PRIMARY KEY, sku VARCHAR(12) NOT NULL, qty INTEGER NOT NULL,
                  note TEXT, placed_at TIMESTAMP NOT NULL);`),
      ),
    );
    expect(error.code).toBe('unfillable_columns');
    expect(error.message).toBe(
      '2 NOT NULL columns without a default that no field or rule fits: orders.sku (varchar(12)), orders.qty (integer); name a rule for each with --set TABLE.COLUMN=RULE or in the schema file, such as: --set orders.sku=pick:A,B,C --set orders.qty=int:1..100',
    );
  });

  it('refuses a cycle of NOT NULL references, naming it', () => {
    const error = refusal(() =>
      buildSeedPlan(
        schemaOf(`CREATE TABLE a (id INTEGER PRIMARY KEY, b_id INTEGER NOT NULL REFERENCES b (id));
                  CREATE TABLE b (id INTEGER PRIMARY KEY, c_id INTEGER NOT NULL REFERENCES c (id));
                  CREATE TABLE c (id INTEGER PRIMARY KEY, a_id INTEGER NOT NULL REFERENCES a (id));`),
      ),
    );
    expect(error.code).toBe('reference_cycle');
    expect(error.message).toContain('a -> b -> c -> a');
  });

  it('breaks a cycle at its nullable reference, which stays NULL', () => {
    const plan = buildSeedPlan(
      schemaOf(`CREATE TABLE teams (id INTEGER PRIMARY KEY, lead_id INTEGER REFERENCES staff (id));
                CREATE TABLE staff (id INTEGER PRIMARY KEY, team_id INTEGER NOT NULL REFERENCES teams (id));`),
    );
    expect(plan.tables.map((t) => t.table)).toEqual(['teams', 'staff']);
    expect(plan.tables[0].columns[1]).toMatchObject({ rule: { rule: 'null' } });
  });

  it('refuses unknown tables and columns, rules that do not parse or do not fit, naming them', () => {
    const schema = schemaOf(fixture('sqlite.sql'));
    expect(refusal(() => buildSeedPlan(schema, { tables: ['contacts', 'deals'] })).message).toBe(
      'no table "deals" in the database; its tables: accounts, addresses, companies, contacts, households, people',
    );
    expect(refusal(() => buildSeedPlan(schema, { set: { 'contacts.tier': 'const:x' } })).code).toBe('unknown_column');
    expect(refusal(() => buildSeedPlan(schema, { set: { 'deals.tier': 'const:x' } })).code).toBe('unknown_table');
    const parse = refusal(() => buildSeedPlan(schema, { set: { 'accounts.balance': 'int:9..1' } }));
    expect(parse.code).toBe('invalid_rule');
    expect(parse.message).toContain('--set accounts.balance: "int:9..1" needs whole numbers MIN..MAX with MIN <= MAX');
    expect(refusal(() => buildSeedPlan(schema, { set: { 'accounts.opened_date': 'bool:0.5' } })).message).toBe(
      '--set accounts.opened_date=bool:0.5 writes booleans into a date column',
    );
    expect(refusal(() => buildSeedPlan(schema, { set: { 'contacts.notes': 'field:ein2' } })).message).toContain(
      'names employee.ein2, which is not a field of employee records',
    );
  });
});
