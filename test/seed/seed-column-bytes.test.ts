import { describe, expect, it } from 'vitest';
import { createGenerator } from '../../src/index.js';
import { PgBinaryRows, type PgBinaryKind } from '../../src/seed/pg-binary-rows.js';
import { jsonLocator, parseSchemaJson, planSchemaFile } from '../../src/seed/schema-file-plan.js';
import { seedColumnBytes } from '../../src/seed/seed-column-bytes.js';
import { SeedRows } from '../../src/seed/seed-rows.js';

const text = JSON.stringify({
  tables: {
    customers: { kind: 'person', count: 700, columns: { id: 'uuid', person_id: 'uuid', name: 'name' } },
    orders: {
      kind: 'plain',
      count: { per: 'customers', min: 0, max: 3 },
      columns: {
        id: 'uuid',
        customer_id: '-> customers.id',
        buyer: '-> customers.person_id',
        status: 'pick:a=1,b=2',
        total: 'decimal:-20.000..500.125',
        whole: 'decimal:1..90000',
        ordered_at: 'timestamp:1969-06-01T00:00:00Z..2025-12-31T23:59:59Z',
        due_on: 'date:1999-12-01..2000-02-01',
        due_at: 'date:2024-01-01..2024-12-31',
      },
    },
    notes: {
      kind: 'plain',
      count: 300,
      columns: { id: 'uuid?0.5', order_id: '-> orders.id', amount: 'decimal:1.00..9.99?0.2', text_id: 'uuid' },
    },
  },
});
const tables = planSchemaFile(parseSchemaJson(text, 'x.json'), jsonLocator('x.json', text)).tables;
const rows = new SeedRows({ seed: '7', tables, generatorFor: (seed) => createGenerator({ seed }) });
const KINDS: Record<string, PgBinaryKind[]> = {
  customers: ['uuid', 'uuid', 'text'],
  orders: ['uuid', 'uuid', 'uuid', 'text', 'numeric', 'numeric', 'timestamp', 'date', 'timestamp'],
  // text_id: a UUID into a text column keeps its text.
  notes: ['uuid', 'uuid', 'numeric', 'text'],
};

describe('seedColumnBytes: the columns of a binary COPY written straight as bytes', () => {
  it.each(Object.keys(KINDS))("gives the bytes the rows' text gives, row for row, in chunks (%s)", (table) => {
    const kinds = KINDS[table];
    const direct = seedColumnBytes(rows, table, kinds);
    const count = rows.rowCount(table);
    const byText = new PgBinaryRows(kinds);
    byText.write(rows.rows(table, 0, count));
    const byWriters = new PgBinaryRows(kinds);
    const skip = direct.map((made) => made !== undefined);
    for (let at = 0; at < count; at += 97) {
      const end = Math.min(count, at + 97);
      byWriters.write(rows.rows(table, at, end, skip), at, direct);
    }
    expect(Buffer.from(byWriters.bytes()).equals(Buffer.from(byText.bytes()))).toBe(true);
  });

  it('takes UUIDs made by row, and decimals, dates and timestamps without NULLs; every other column keeps its text', () => {
    const which = (table: string) =>
      Object.fromEntries(
        rows.columns(table).map((c, i) => [c.name, seedColumnBytes(rows, table, KINDS[table])[i] !== undefined]),
      );
    expect(which('customers')).toEqual({ id: true, person_id: true, name: false });
    expect(which('orders')).toEqual({
      id: true,
      customer_id: true,
      buyer: true,
      status: false,
      total: true,
      whole: true,
      ordered_at: true,
      due_on: true,
      due_at: true,
    });
    // A NULL share is drawn with the value: those columns keep their values' path; so does a UUID into text.
    expect(which('notes')).toEqual({ id: false, order_id: true, amount: false, text_id: false });
  });
});
