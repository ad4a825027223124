import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGenerator } from '../../src/index.js';
import type { SeedValue } from '../../src/seed/generic-values.js';
import { jsonLocator, parseSchemaJson, planSchemaFile } from '../../src/seed/schema-file-plan.js';
import { SeedError } from '../../src/seed/seed-error.js';
import { type ExistingKeys, SeedRows, type SeedTableRun, tableSeed } from '../../src/seed/seed-rows.js';

const exampleText = readFileSync(new URL('../../docs/examples/crm.seed.json', import.meta.url), 'utf8');

function schemaTables(text: string): readonly SeedTableRun[] {
  return planSchemaFile(parseSchemaJson(text, 'crm.json'), jsonLocator('crm.json', text)).tables;
}

const example = schemaTables(exampleText);
const generatorFor = (seed: string) => createGenerator({ seed });

function seedRows(tables = example, existingKeys?: ExistingKeys, seed = '42'): SeedRows {
  return new SeedRows({ seed, tables, generatorFor, existingKeys });
}

/** Every row of a table as objects keyed by column. */
function allRows(rows: SeedRows, table: string): Record<string, SeedValue>[] {
  const columns = rows.columns(table).map((c) => c.name);
  return rows
    .rows(table, 0, rows.rowCount(table))
    .map((values) => Object.fromEntries(columns.map((name, i) => [name, values[i]])));
}

function refusal(run: () => unknown): SeedError {
  try {
    run();
  } catch (error) {
    if (error instanceof SeedError) return error;
    throw error;
  }
  throw new Error('not refused');
}

/** The example with one table's entry replaced (or removed with `undefined`). */
function exampleWith(table: string, entry: unknown): readonly SeedTableRun[] {
  const value = JSON.parse(exampleText);
  if (entry === undefined) delete value.tables[table];
  else value.tables[table] = entry;
  return schemaTables(JSON.stringify(value, null, 2));
}

describe('SeedRows over the example schema file (docs/examples/crm.seed.json)', () => {
  const rows = seedRows();
  const companies = allRows(rows, 'companies');
  const contacts = allRows(rows, 'contacts');
  const households = allRows(rows, 'households');
  const people = allRows(rows, 'people');
  const accounts = allRows(rows, 'accounts');

  it('makes each table its count: a number, a range per parent row, the households people', () => {
    expect(companies).toHaveLength(50);
    expect(households).toHaveLength(200);
    expect(contacts.length).toBeGreaterThanOrEqual(50);
    expect(contacts.length).toBeLessThanOrEqual(250);
    const perCompany = new Map<SeedValue, number>();
    for (const contact of contacts) perCompany.set(contact.company_id, (perCompany.get(contact.company_id) ?? 0) + 1);
    expect(perCompany.size).toBe(50);
    expect(Math.min(...perCompany.values())).toBeGreaterThanOrEqual(1);
    expect(Math.max(...perCompany.values())).toBeLessThanOrEqual(5);
    const gen = createGenerator({ seed: tableSeed('42', 'households') });
    const sizes = Array.from({ length: 200 }, (_, p) => gen.householdAt(p).size);
    expect(people).toHaveLength(sizes.reduce((a, b) => a + b, 0));
    expect(accounts.length).toBeLessThanOrEqual(2 * people.length);
  });

  it('writes every column but those the database fills, with its values family', () => {
    expect(rows.columns('accounts').map((c) => [c.name, c.family])).toEqual([
      ['id', 'integer'],
      ['person_id', 'uuid'],
      ['status', 'text'],
      ['balance', 'decimal'],
      ['opened_on', 'date'],
    ]);
  });

  it('resolves every reference to a row of its parent table', () => {
    const ids = (table: Record<string, SeedValue>[]) => new Set(table.map((row) => row.id));
    expect(ids(companies).size).toBe(companies.length);
    expect(ids(people).size).toBe(people.length);
    expect(contacts.every((c) => ids(companies).has(c.company_id))).toBe(true);
    expect(people.every((p) => ids(households).has(p.household_id))).toBe(true);
    expect(accounts.every((a) => ids(people).has(a.person_id))).toBe(true);
    expect(accounts.map((a) => a.id)).toEqual(accounts.map((_, i) => i + 1));
  });

  it('makes contacts the employees of their company: e-mail at its domain, its record in the row', () => {
    const gen = createGenerator({ seed: tableSeed('42', 'companies') });
    const byId = new Map(Array.from({ length: 50 }, (_, p) => gen.companyAt(p)).map((c) => [c.id, c]));
    expect(companies.map((c) => c.ein)).toEqual([...byId.values()].map((c) => c.ein));
    for (const contact of contacts) {
      const company = byId.get(contact.company_id as string)!;
      expect(contact.email).toMatch(new RegExp(`^[a-z.0-9]+@${company.domain.replaceAll('.', '\\.')}$`));
      expect(typeof contact.title).toBe('string');
    }
    expect(new Set(contacts.map((c) => c.email)).size).toBe(contacts.length);
  });

  it('makes people the members of their household, who share its address', () => {
    const gen = createGenerator({ seed: tableSeed('42', 'households') });
    const byId = new Map(Array.from({ length: 200 }, (_, p) => gen.householdAt(p)).map((h) => [h.id, h]));
    for (const person of people) {
      const household = byId.get(person.household_id as string)!;
      const member = household.members.find((m) => m.id === person.id);
      expect(member, `${person.id} is one of household ${household.id}'s people`).toBeDefined();
      expect([person.first_name, person.last_name, person.birth_date, person.relationship]).toEqual([
        member!.firstName,
        member!.lastName,
        member!.birthDate,
        member!.relationship,
      ]);
    }
    expect(households.every((h) => byId.get(h.id as string)!.street === h.street)).toBe(true);
  });

  it("writes NULL for a child's missing e-mail where the column takes it, empty text where it is NOT NULL", () => {
    const children = people.filter((p) => p.email === null);
    expect(children.length).toBeGreaterThan(10);
    // Those are the people without an e-mail in the library's households: the children under 13.
    const gen = createGenerator({ seed: tableSeed('42', 'households') });
    const members = Array.from({ length: 200 }, (_, h) => gen.householdAt(h).members).flat();
    expect(children.map((p) => p.id)).toEqual(members.filter((m) => m.email === '').map((m) => m.id));
    expect(people.some((p) => p.email === '')).toBe(false);
    const notNull = example.map((t) =>
      t.table === 'people' ? { ...t, columns: t.columns.map((c) => ({ ...c, notNull: true })) } : t,
    );
    const strict = allRows(seedRows(notNull), 'people');
    expect(strict.filter((p) => p.email === '').length).toBe(children.length);
  });

  it('draws a share of NULLs for a field with one (phone?0.2), leaving the other rows their value', () => {
    const nulls = contacts.filter((c) => c.phone === null).length / contacts.length;
    expect(nulls).toBeGreaterThan(0.08);
    expect(nulls).toBeLessThan(0.35);
    const without = allRows(
      seedRows(
        exampleWith('contacts', {
          ...JSON.parse(exampleText).tables.contacts,
          columns: { ...JSON.parse(exampleText).tables.contacts.columns, phone: 'phone' },
        }),
      ),
      'contacts',
    );
    for (const [i, contact] of contacts.entries())
      if (contact.phone !== null) expect(contact.phone).toBe(without[i].phone);
  });

  it('gives the same rows however they are asked for (random access) and in any shards', () => {
    for (const table of ['companies', 'contacts', 'people', 'accounts']) {
      const whole = seedRows().rows(table, 0, rows.rowCount(table));
      const fresh = seedRows();
      const cut = Math.floor(whole.length / 3);
      expect([...fresh.rows(table, cut, whole.length), ...fresh.rows(table, 0, cut)]).toEqual([
        ...whole.slice(cut),
        ...whole.slice(0, cut),
      ]);
      const shards = [0, 1, 2].map((k) => fresh.shardRange(table, k, 3));
      expect(shards[0].first).toBe(0);
      expect(shards[2].end).toBe(whole.length);
      for (let k = 1; k < 3; k++) expect(shards[k].first).toBe(shards[k - 1].end);
    }
    // A shard's contacts work for the shard's companies.
    for (let k = 0; k < 3; k++) {
      const parents = rows.shardRange('companies', k, 3);
      const own = new Set(companies.slice(parents.first, parents.end).map((c) => c.id));
      const children = rows.shardRange('contacts', k, 3);
      expect(contacts.slice(children.first, children.end).every((c) => own.has(c.company_id))).toBe(true);
    }
  });

  it('changes no other table when a table is added, removed or recounted', () => {
    const withoutAccounts = seedRows(exampleWith('accounts', undefined));
    expect(allRows(withoutAccounts, 'contacts')).toEqual(contacts);
    expect(allRows(withoutAccounts, 'people')).toEqual(people);
    const moreHouseholds = seedRows(
      exampleWith('households', { ...JSON.parse(exampleText).tables.households, count: 300 }),
    );
    expect(allRows(moreHouseholds, 'companies')).toEqual(companies);
    expect(allRows(moreHouseholds, 'contacts')).toEqual(contacts);
    expect(allRows(moreHouseholds, 'households').slice(0, 200)).toEqual(households);
    expect(allRows(seedRows(example, undefined, '43'), 'companies')).not.toEqual(companies);
  });
});

/** A plan as an introspected database gives it: contacts of companies the run does not seed. */
const contactsOnly: SeedTableRun = {
  table: 'contacts',
  source: 'employee',
  count: 40,
  columns: [
    { column: 'id', rule: { rule: 'database' }, why: '', nulls: 0 },
    { column: 'company_id', rule: { rule: 'reference', table: 'companies', column: 'id' }, why: '', nulls: 0 },
    { column: 'email', rule: { rule: 'field', record: 'employee', field: 'email' }, why: '', nulls: 0 },
    { column: 'company', rule: { rule: 'field', record: 'company', field: 'name' }, why: '', nulls: 0 },
  ],
};

describe('SeedRows of a person table', () => {
  // The person records of the table's own generator, through the field list (the catalogue's general path).
  const records = (table: string, fields: string[], first: number, count: number) =>
    createGenerator({ seed: tableSeed('9', table) }).addresses({ start: first, count, fields }) as unknown as Record<
      string,
      unknown
    >[];

  it.each([
    [
      "the default record's fields and its UUID",
      ['uuid', 'name', 'street', 'city', 'state', 'zip', 'phone', 'email', 'country'],
    ],
    ['a subset of them', ['email', 'zip']],
    ['fields beyond them', ['firstName', 'lastName', 'uuid', 'email', 'birthDate', 'ssn']],
  ])("gives each row its own person record's values: %s", (_, fields) => {
    const text = JSON.stringify({
      tables: {
        customers: {
          kind: 'person',
          count: 1500,
          columns: { id: 'uuid', ...Object.fromEntries(fields.map((f) => [`c_${f}`, f])) },
        },
      },
    });
    const rows = new SeedRows({ seed: '9', tables: schemaTables(text), generatorFor });
    const names = rows.columns('customers').map((c) => c.name);
    // Pages of 256 cut at 300 and 1300, and a read from the middle.
    for (const [first, end] of [
      [0, 1500],
      [300, 1300],
      [777, 779],
    ]) {
      const got = rows.rows('customers', first, end);
      const want = records('customers', fields, first, end - first);
      for (const [i, row] of got.entries())
        for (const field of fields)
          expect(row[names.indexOf(`c_${field}`)], `${first + i} ${field}`).toBe(want[i][field]);
    }
  });
});

describe('SeedRows.rows with columns skipped', () => {
  it('leaves the columns it is told to skip NULL, the others as they were', () => {
    const rows = seedRows();
    const all = rows.rows('contacts', 10, 60);
    const skip = rows.columns('contacts').map((_, c) => c % 2 === 0);
    const skipped = rows.rows('contacts', 10, 60, skip);
    for (const [r, row] of skipped.entries())
      for (const [c, value] of row.entries()) expect(value).toBe(skip[c] ? null : all[r][c]);
  });
});

describe('SeedRows with parents the database has', () => {
  it('references the existing rows, spreading the employees over them in turn', () => {
    const rows = seedRows([contactsOnly], (table, column) =>
      table === 'companies' && column === 'id' ? [10, 20, 30] : [],
    );
    const contacts = allRows(rows, 'contacts');
    expect(contacts).toHaveLength(40);
    expect(contacts.map((c) => c.company_id).slice(0, 6)).toEqual([10, 20, 30, 10, 20, 30]);
    // The people of one existing company share its (generated) company's domain and name.
    const ofTen = contacts.filter((c) => c.company_id === 10);
    expect(new Set(ofTen.map((c) => (c.email as string).split('@')[1])).size).toBe(1);
    expect(new Set(ofTen.map((c) => c.company)).size).toBe(1);
    expect(new Set(contacts.map((c) => c.email)).size).toBe(40);
  });

  it('refuses a reference to a table with no rows (no_parent_rows)', () => {
    const error = refusal(() => seedRows([contactsOnly], () => []).rows('contacts', 0, 1));
    expect(error.code).toBe('no_parent_rows');
    expect(error.message).toContain('contacts references companies.id, which has no rows');
  });

  it('takes the keys the database filled for a seeded parent, once they are given', () => {
    const companies: SeedTableRun = {
      table: 'companies',
      source: 'company',
      count: 3,
      columns: [
        { column: 'id', rule: { rule: 'database' }, why: '', nulls: 0 },
        { column: 'name', rule: { rule: 'field', record: 'company', field: 'name' }, why: '', nulls: 0 },
      ],
    };
    const rows = seedRows([companies, contactsOnly]);
    expect(rows.columns('companies').map((c) => c.name)).toEqual(['name']);
    expect(() => rows.rows('contacts', 0, 1)).toThrow(/setFilledKeys/);
    rows.setFilledKeys('companies', 'id', [7, 8, 9]);
    const contacts = allRows(rows, 'contacts');
    expect(new Set(contacts.map((c) => c.company_id))).toEqual(new Set([7, 8, 9]));
    // A company's name in a contact's row is its own company's.
    const names = allRows(rows, 'companies').map((c) => c.name);
    for (const contact of contacts) expect(contact.company).toBe(names[(contact.company_id as number) - 7]);
  });

  it('refuses a count on a table of household members', () => {
    const members = exampleWith('people', { ...JSON.parse(exampleText).tables.people });
    const counted = members.map((t) => (t.table === 'people' ? { ...t, count: 10 } : t));
    expect(refusal(() => seedRows(counted).rowCount('people')).code).toBe('invalid_count');
  });
});

describe('dates after the parent row (date:after:, timestamp:after:)', () => {
  const schema = {
    tables: {
      customers: {
        kind: 'person',
        count: 300,
        columns: {
          id: 'uuid',
          birth_date: 'birthDate',
          signed_up: 'timestamp:2021-01-01T00:00:00Z..2024-12-31T23:59:59Z',
        },
      },
      orders: {
        kind: 'plain',
        count: { per: 'customers', min: 0, max: 3 },
        columns: {
          id: 'uuid',
          customer_id: '-> customers.id',
          ordered_at: 'timestamp:after:customers.signed_up+0..365',
          first_on: 'date:after:customers.birth_date+6570..6570?0.5',
        },
      },
      payments: {
        kind: 'plain',
        count: 500,
        columns: { id: 'sequence', order_id: '-> orders.id', paid_on: 'date:after:orders.ordered_at+1..30' },
      },
    },
  };
  const tables = schemaTables(JSON.stringify(schema, null, 2));
  const rows = seedRows(tables);
  const customers = new Map(allRows(rows, 'customers').map((c) => [c.id, c]));
  const orders = allRows(rows, 'orders');
  const byOrder = new Map(orders.map((o) => [o.id, o]));
  const payments = allRows(rows, 'payments');
  const seconds = (text: SeedValue) => Date.parse(text as string) / 1000;

  it("follows each row's own parent: within min..max days of its date, to the second for timestamps", () => {
    for (const order of orders) {
      const gap = seconds(order.ordered_at) - seconds(customers.get(order.customer_id)!.signed_up);
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThanOrEqual(365 * 86_400);
    }
    expect(new Set(orders.map((o) => (o.ordered_at as string).slice(17))).size).toBeGreaterThan(30);
    for (const payment of payments) {
      const order = byOrder.get(payment.order_id)!;
      const days = (seconds(payment.paid_on) - seconds((order.ordered_at as string).slice(0, 10))) / 86_400;
      expect(Number.isInteger(days) && days >= 1 && days <= 30, `${payment.paid_on} after ${order.ordered_at}`).toBe(
        true,
      );
    }
  });

  it('takes a NULL share, and a date after a date field (18 years after the birth date)', () => {
    const nulls = orders.filter((o) => o.first_on === null).length / orders.length;
    expect(nulls).toBeGreaterThan(0.35);
    expect(nulls).toBeLessThan(0.65);
    for (const order of orders.filter((o) => o.first_on !== null)) {
      const born = customers.get(order.customer_id)!.birth_date as string;
      expect((seconds(order.first_on) - seconds(born)) / 86_400).toBe(6570);
    }
  });

  it('refuses a rule that follows a table the row does not reference, or a column that is not a date', () => {
    const refused = (columns: Record<string, string>) =>
      refusal(() =>
        schemaTables(
          JSON.stringify({ tables: { ...schema.tables, payments: { ...schema.tables.payments, columns } } }, null, 2),
        ),
      );
    const noReference = refused({
      id: 'sequence',
      order_id: '-> orders.id',
      paid_on: 'date:after:customers.signed_up+0..3',
    });
    expect(noReference.code).toBe('invalid_rule');
    expect(noReference.message).toContain('needs a column of its table referencing customers');
    expect(noReference.message).toMatch(/^crm\.json:\d+: table payments, column paid_on: /);
    const notADate = refused({ id: 'sequence', order_id: '-> orders.id', paid_on: 'date:after:orders.id+0..3' });
    expect(notADate.message).toContain('orders.id, which holds uuid values, not dates or timestamps');
    const badShape = refused({
      id: 'sequence',
      order_id: '-> orders.id',
      paid_on: 'date:after:orders.ordered_at+5..1',
    });
    expect(badShape.message).toContain('needs date:after:TABLE.COLUMN+MIN..MAX');
  });
});
