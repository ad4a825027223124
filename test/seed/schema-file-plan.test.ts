import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { planText } from '../../src/seed/plan-text.js';
import { jsonLocator, parseSchemaJson, planSchemaFile } from '../../src/seed/schema-file-plan.js';
import { SeedError } from '../../src/seed/seed-error.js';
import { defineSchema } from '../../src/seed/seed-schema.js';

const exampleText = readFileSync(new URL('../../docs/examples/crm.seed.json', import.meta.url), 'utf8');
const jsonSchema = JSON.parse(readFileSync(new URL('../../docs/seed-schema.json', import.meta.url), 'utf8'));
const validate = new Ajv2020({ allErrors: true }).compile(jsonSchema);

function plan(text: string, file = 'crm.json') {
  return planSchemaFile(parseSchemaJson(text, file), jsonLocator(file, text));
}

function refusal(text: string): SeedError {
  try {
    plan(text);
  } catch (error) {
    if (error instanceof SeedError) return error;
    throw error;
  }
  throw new Error('the schema file was not refused');
}

/** The line (1-based) of the first occurrence of `needle` at or after `from`'s first occurrence. */
function lineOf(text: string, from: string, needle = from): number {
  return text.slice(0, text.indexOf(needle, text.indexOf(from))).split('\n').length;
}

/** The example with one table replaced (or removed, with undefined), as JSON text of two-space indent. */
function exampleWith(table: string, value: unknown): string {
  const schema = JSON.parse(exampleText);
  schema.tables[table] = value;
  return JSON.stringify(schema, null, 2);
}

describe('schema files', () => {
  it('the example (docs/examples/crm.seed.json) follows the published JSON Schema and plans parents first', () => {
    expect(validate(JSON.parse(exampleText))).toBe(true);
    const planned = plan(exampleText);
    expect(planned.tables.map((t) => `${t.table}:${t.kind}`)).toEqual([
      'companies:company',
      'contacts:employee',
      'households:household',
      'people:member',
      'accounts:plain',
    ]);
    expect(planned.tables[1].count).toEqual({ per: 'companies', min: 1, max: 5 });
    expect(planText(planned)).toContain('  phone       employee.phone ?0.2  named in the schema file\n');
    expect(planText(planned)).toContain('accounts (plain rows)\n  id         sequence ');
  });

  it('types a TypeScript schema file with defineSchema, returning it unchanged', () => {
    const schema = defineSchema({
      tables: {
        companies: { kind: 'company', count: 3, columns: { id: 'id', ein: 'ein' } },
        staff: { kind: 'employee', count: { per: 'companies', min: 1, max: 2 }, columns: { c: '-> companies.id' } },
      },
    });
    expect(plan(JSON.stringify(schema)).tables.map((t) => t.table)).toEqual(['companies', 'staff']);
  });

  it('names the file, line and column of JSON that does not parse', () => {
    let error: unknown;
    try {
      parseSchemaJson('{\n  "tables": {,\n}', 'broken.json');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SeedError);
    expect((error as SeedError).message).toMatch(/^broken\.json:2:14: the schema file is not valid JSON: /);
  });

  it('refuses each mistake with the file, line and table named, and the JSON Schema refuses the structural ones', () => {
    const house = exampleWith('households', { kind: 'house', count: 1, columns: { id: 'id' } });
    const ein = exampleWith('households', { kind: 'household', count: 1, columns: { id: 'id', ein: 'ein' } });
    const cycle = exampleWith('companies', {
      kind: 'company',
      count: 5,
      columns: { id: 'id', owner_id: '-> contacts.id' },
    });
    const cases: [string, string, string, boolean][] = [
      [
        house,
        'invalid_schema',
        `crm.json:${lineOf(house, '"households": {')}: table households: kind must be one of person, address, company, household, member, employee, plain, got "house"`,
        false,
      ],
      [
        ein,
        'invalid_rule',
        `crm.json:${lineOf(ein, '"households": {', '"ein": "ein"')}: table households, column ein: "ein" is not a field of household records; its fields: id, street,`,
        true,
      ],
      [
        exampleWith('accounts', { kind: 'plain', count: 1, columns: { person_id: '-> persons.id' } }),
        'unknown_table',
        'table accounts, column person_id: references persons, which is not a table of the file',
        true,
      ],
      [
        exampleWith('accounts', { kind: 'plain', count: 1, columns: { person_id: '-> people.uuid' } }),
        'unknown_column',
        'references people.uuid, which is not a column of people (its columns: id, household_id,',
        true,
      ],
      [
        exampleWith('accounts', {
          kind: 'plain',
          count: { per: 'people', min: 1, max: 2 },
          columns: { id: 'sequence' },
        }),
        'invalid_count',
        'table accounts: a count per people needs a column referencing it (such as "people_id": "-> people.id")',
        true,
      ],
      [
        exampleWith('accounts', {
          kind: 'plain',
          count: { per: 'people', min: 3, max: 2 },
          columns: { id: 'sequence' },
        }),
        'invalid_count',
        'table accounts: a per-parent count is { "per": TABLE, "min": N, "max": M } with whole numbers 0 <= N <= M <= 1000',
        true,
      ],
      [
        exampleWith('people', { kind: 'member', count: 4, columns: { h: '-> households.id' } }),
        'invalid_count',
        "table people: a member table's rows are its households' people (1 to 7 each), so it takes no count",
        true,
      ],
      [
        cycle,
        'reference_cycle',
        `crm.json:${lineOf(cycle, '"tables"')}: tables reference each other through NOT NULL foreign keys: companies -> contacts -> companies`,
        true,
      ],
      [
        exampleWith('accounts', { kind: 'plain', count: 1, columns: { id: 'email' } }),
        'invalid_rule',
        '"email": a plain table has no fields; name a rule',
        true,
      ],
    ];
    for (const [text, code, message, schemaAccepts] of cases) {
      const error = refusal(text);
      expect(error.code).toBe(code);
      expect(error.message).toContain(message);
      expect(validate(JSON.parse(text))).toBe(schemaAccepts);
    }
  });
});
