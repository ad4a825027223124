import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { readSqliteSchema } from '../../src/seed/read-sqlite-schema.js';
import { schemaTableSql } from '../../src/seed/schema-ddl.js';
import { jsonLocator, parseSchemaJson, planSchemaFile } from '../../src/seed/schema-file-plan.js';

const text = readFileSync(new URL('../../docs/examples/crm.seed.json', import.meta.url), 'utf8');
const plan = planSchemaFile(parseSchemaJson(text, 'crm.seed.json'), jsonLocator('crm.seed.json', text));
const plans = new Map(plan.tables.map((t) => [t.table, t]));
const scratch = mkdtempSync(join(tmpdir(), 'ussynth-schema-ddl-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("a schema file's tables as SQL", () => {
  it('writes a reference with its target column type, NOT NULL unless NULLs are asked, and the keys', () => {
    expect(schemaTableSql('postgres', plans.get('contacts')!, plans)).toBe(
      [
        'CREATE TABLE "contacts" (',
        '  "id" UUID NOT NULL,',
        '  "company_id" UUID NOT NULL,',
        '  "first_name" TEXT NOT NULL,',
        '  "last_name" TEXT NOT NULL,',
        '  "email" TEXT NOT NULL,',
        '  "phone" TEXT,',
        '  "title" TEXT NOT NULL,',
        '  "is_active" BOOLEAN NOT NULL,',
        '  PRIMARY KEY ("id"),',
        '  FOREIGN KEY ("company_id") REFERENCES "companies" ("id")',
        ')',
      ].join('\n'),
    );
    expect(schemaTableSql('mysql', plans.get('accounts')!, plans)).toContain(
      '  `id` BIGINT NOT NULL,\n  `person_id` CHAR(36) NOT NULL,',
    );
    expect(schemaTableSql('mysql', plans.get('accounts')!, plans)).toContain('  `balance` NUMERIC(18, 2) NOT NULL,');
  });

  it('creates every table of the example in a SQLite file, parents first, with its keys', () => {
    const file = join(scratch, 'crm.sqlite');
    const db = new Database(file);
    try {
      db.pragma('foreign_keys = ON');
      db.transaction(() => {
        for (const table of plan.tables) db.exec(schemaTableSql('sqlite', table, plans));
      })();
      const schema = readSqliteSchema(db);
      expect(schema.tables.map((t) => t.name)).toEqual(['accounts', 'companies', 'contacts', 'households', 'people']);
      const people = schema.tables.find((t) => t.name === 'people')!;
      expect(people.foreignKeys).toEqual([{ columns: ['household_id'], refTable: 'households', refColumns: ['id'] }]);
      expect(people.columns.find((c) => c.name === 'id')).toMatchObject({
        primaryKey: true,
        notNull: true,
        type: 'text',
      });
      expect(() =>
        db
          .prepare(
            "INSERT INTO people (id, household_id, relationship, first_name, last_name, birth_date, email) VALUES ('p', 'nowhere', 'child', 'A', 'B', '2000-01-01', '')",
          )
          .run(),
      ).toThrow(/FOREIGN KEY constraint failed/);
    } finally {
      db.close();
    }
  });
});
